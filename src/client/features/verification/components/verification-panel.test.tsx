// @vitest-environment jsdom
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { renderWithApp } from '../../../test/render-app';
import type { Verification } from '../api/verification';
import { VerificationPanel } from './verification-panel';

afterEach(cleanup);
beforeAll(() => {
  URL.createObjectURL = () => 'blob:selfie-preview';
  URL.revokeObjectURL = () => undefined;
});

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
  approved_photos: 1,
  waiting_photos: [],
};
const pending = (id: number) => ({
  id,
  filename: `u/aa/p${id}-full.jpg`,
  thumb_filename: `u/aa/p${id}-thumb.jpg`,
  status: 'pending' as const,
  match_path: `u/aa/p${id}-full.jpg`,
  locked: false,
});
const show = (v: Partial<Verification>) => renderWithApp(<VerificationPanel verification={{ ...none, ...v }} />, { url: '/verification' });

describe('the member’s verification panel', () => {
  it('When he has not asked yet, then it says how it works and what is kept, and offers to start (a form posted to the page)', () => {
    show({});
    expect(screen.getByText(/Your selfie is never shown to other members and is deleted 30 days after the decision/)).toBeTruthy();
    const start = screen.getByRole('button', { name: 'Start verification' });
    expect(start.closest('form')?.getAttribute('action')).toBe('/verification');
    expect(start.closest('form')?.getAttribute('method')).toBe('post');
  });

  it('When a pose was asked for, then the pose is drawn with its instruction as text, and a button opens the front camera through the form’s multipart file field', () => {
    const { container } = show({ status: 'posed', pose: 'thumb_up', selfies_left: 2 });
    expect(screen.getByRole('img', { name: 'Hold one thumb up next to your face.' }).tagName.toLowerCase()).toBe('svg');
    expect(screen.getByText('Hold one thumb up next to your face.')).toBeTruthy();
    const field = container.querySelector('input[type="file"][name="photo"]') as HTMLInputElement;
    expect(field.getAttribute('capture')).toBe('user');
    expect(field.getAttribute('accept')).toBe('image/*');
    expect(field.closest('form')?.getAttribute('enctype')).toBe('multipart/form-data');
    expect(field.closest('form')?.getAttribute('action')).toBe('/verification');
    let opened = 0;
    field.addEventListener('click', () => (opened += 1));
    fireEvent.click(screen.getByRole('button', { name: 'Take your selfie' }));
    expect(opened).toBe(1);
    expect(screen.getByText(/2 selfies left today/)).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'What happens next' })).toBeTruthy();
    expect(screen.getByText(/A moderator compares your selfie with the approved photos on your profile/)).toBeTruthy();
    // Nothing to send before a picture is chosen.
    expect(screen.queryByRole('button', { name: 'Use this photo' })).toBeNull();
  });

  it('When he chooses a picture, then it is shown beside the pose with "Use this photo" (the form’s submit, focused) and "Take another", and a screen reader hears it', async () => {
    const { container } = show({ status: 'posed', pose: 'peace', selfies_left: 3 });
    const field = container.querySelector('input[type="file"][name="photo"]') as HTMLInputElement;
    const file = new File([new Uint8Array([255, 216, 255])], 'selfie.jpg', { type: 'image/jpeg' });
    fireEvent.change(field, { target: { files: [file] } });
    const preview = await screen.findByRole('img', { name: 'The selfie you chose' });
    expect(preview.getAttribute('src')).toBe('blob:selfie-preview');
    const beside = screen.getByTestId('selfie-preview');
    expect(beside.querySelector('svg.pose-drawing')).not.toBeNull();
    expect(beside.textContent).toContain('The pose asked for');
    const use = screen.getByRole('button', { name: 'Use this photo' });
    expect(use.getAttribute('type')).toBe('submit');
    expect(use.closest('form')).toBe(field.closest('form'));
    await waitFor(() => expect(document.activeElement).toBe(use));
    expect(screen.getByRole('status').textContent).toContain('Your selfie is shown beside the pose');
    let opened = 0;
    field.addEventListener('click', () => (opened += 1));
    fireEvent.click(screen.getByRole('button', { name: 'Take another' }));
    expect(opened).toBe(1);
  });

  it('When the chosen picture is larger than 10 MB, then he is told so and nothing is offered to send', async () => {
    const { container } = show({ status: 'posed', pose: 'peace', selfies_left: 3 });
    const field = container.querySelector('input[type="file"][name="photo"]') as HTMLInputElement;
    const big = new File([new Uint8Array(8)], 'huge.jpg', { type: 'image/jpeg' });
    Object.defineProperty(big, 'size', { value: 11 * 1024 * 1024 });
    fireEvent.change(field, { target: { files: [big] } });
    expect(await screen.findByText('This photo is larger than 10 MB.')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Use this photo' })).toBeNull();
  });

  it('When he has no approved photo, then instead of a start he is told what he needs and given the way to add one', () => {
    show({ approved_photos: 0 });
    expect(screen.queryByRole('button', { name: 'Start verification' })).toBeNull();
    const needs = screen.getByTestId('verification-needs-photo');
    expect(needs.querySelector('h2')?.textContent).toBe('First add a photo of yourself');
    expect(needs.textContent).toContain('you need at least one photo that shows your face');
    expect(screen.getByRole('link', { name: 'Add a photo' }).getAttribute('href')).toBe('/profile');
  });

  it('When all his photos wait for a moderator, then he sees that plainly, with the photos that wait, and no start', () => {
    show({ approved_photos: 0, waiting_photos: [pending(7), pending(8)] });
    expect(screen.queryByRole('button', { name: 'Start verification' })).toBeNull();
    expect(screen.getByRole('heading', { name: 'Your photos are waiting for a moderator' })).toBeTruthy();
    expect(screen.getByText(/As soon as a moderator has approved one of these photos, you can start here/)).toBeTruthy();
    expect(screen.getByRole('img', { name: 'Your photo 1, waiting for a moderator' })).toBeTruthy();
    expect(screen.getByRole('img', { name: 'Your photo 2, waiting for a moderator' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Go to my photos' }).getAttribute('href')).toBe('/profile');
  });

  it('When his pose waits but his only approved photo went, then the selfie’s form gives way to what he needs', () => {
    show({ status: 'posed', pose: 'thumb_up', approved_photos: 0, waiting_photos: [pending(9)] });
    expect(screen.getByRole('heading', { name: 'Your photo is waiting for a moderator' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Take your selfie' })).toBeNull();
  });

  it('When no selfie is left today, then it says from when, and offers no field', () => {
    show({ status: 'posed', pose: 'peace', selfies_left: 0, next_selfie_at: '2026-11-27T10:00:00Z' });
    expect(screen.getByText(/You have sent all your selfies for today/)).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Take your selfie' })).toBeNull();
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
