// @vitest-environment jsdom
import { cleanup, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { renderWithApp } from '../../../test/render-app';
import type { Verification } from '../api/verification';
import { VerificationPanel } from './verification-panel';

afterEach(cleanup);

const none: Verification = {
  status: 'none',
  verified: false,
  lapsed: false,
  pose: null,
  selfie: null,
  reason: null,
  submitted_at: null,
  decided_at: null,
  selfie_kept_until: null,
  selfies_left: 3,
  next_selfie_at: null,
};
const show = (v: Partial<Verification>) => renderWithApp(<VerificationPanel verification={{ ...none, ...v }} />, { url: '/verification' });

describe('the member’s verification panel', () => {
  it('When he has not asked yet, then it says how it works and what is kept, and offers to start (a form posted to the page)', () => {
    show({});
    expect(screen.getByText(/Your selfie is never shown to other members and is deleted 30 days after the decision/)).toBeTruthy();
    const start = screen.getByRole('button', { name: 'Start verification' });
    expect(start.closest('form')?.getAttribute('action')).toBe('/verification');
    expect(start.closest('form')?.getAttribute('method')).toBe('post');
  });

  it('When a pose was asked for, then the pose is drawn with its instruction as text, and the selfie field opens the front camera in a multipart form', () => {
    show({ status: 'posed', pose: 'thumb_up', selfies_left: 2 });
    expect(screen.getByRole('img', { name: 'Hold one thumb up next to your face.' }).tagName.toLowerCase()).toBe('svg');
    expect(screen.getByText('Hold one thumb up next to your face.')).toBeTruthy();
    const field = screen.getByLabelText('Your selfie, taken now');
    expect(field.getAttribute('capture')).toBe('user');
    expect(field.getAttribute('accept')).toBe('image/*');
    expect(field.closest('form')?.getAttribute('enctype')).toBe('multipart/form-data');
    expect(screen.getByText(/2 selfies left today/)).toBeTruthy();
  });

  it('When no selfie is left today, then it says from when, and offers no field', () => {
    show({ status: 'posed', pose: 'peace', selfies_left: 0, next_selfie_at: '2026-11-27T10:00:00Z' });
    expect(screen.getByText(/You have sent all your selfies for today/)).toBeTruthy();
    expect(screen.queryByLabelText('Your selfie, taken now')).toBeNull();
  });

  it('When a moderator refused, then the statement of reasons names the reason and that a person decided, and he may try again', () => {
    show({ status: 'refused', pose: 'peace', reason: 'face_not_visible', decided_at: '2026-11-20T10:00:00Z', selfies_left: 2 });
    expect(screen.getByRole('heading', { name: 'Your selfie was not approved' })).toBeTruthy();
    expect(screen.getByText('Your face is not clearly visible in the selfie.')).toBeTruthy();
    expect(screen.getByText(/A person took this decision; no automated means were used/)).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Try again with a new pose' })).toBeTruthy();
  });

  it('When his main photo is no longer one a moderator matched, then he is told why the badge went', () => {
    show({ status: 'approved', lapsed: true });
    expect(screen.getByText(/Your verified badge was removed because your main photo is one a moderator has not matched/)).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Try again with a new pose' })).toBeTruthy();
  });

  it('When he is verified, then it shows the badge with its word', () => {
    show({ status: 'approved', verified: true });
    expect(screen.getByText('Verified')).toBeTruthy();
    expect(screen.getByText(/Your profile is verified/)).toBeTruthy();
  });
});
