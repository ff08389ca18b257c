// @vitest-environment jsdom
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import nl from '../../../../../locales/nl.json';
import { renderWithApp } from '../../../test/render-app';
import type { SendProblem } from '../send-problem';
import { PhotoBubble, PhotoSender } from './photo-sender';

beforeAll(() => {
  // jsdom has no object URLs.
  URL.createObjectURL = () => 'blob:preview';
  URL.revokeObjectURL = () => undefined;
});
afterEach(cleanup);

const photo = () => new File([new Uint8Array([0xff, 0xd8, 0xff])], 'sun.jpg', { type: 'image/jpeg' });
const pick = (file: File) => fireEvent.change(screen.getByTestId('chat-photo-input'), { target: { files: [file] } });

describe('PhotoSender', () => {
  it('When a photo is picked and sent, then the preview shows the price and the caption goes along; the dialog closes once sent', async () => {
    const onSend = vi.fn(async (): Promise<SendProblem | null> => null);
    renderWithApp(<PhotoSender partnerName="Jan" price={5} balance={20} disabled={false} onSend={onSend} />);
    fireEvent.click(screen.getByRole('button', { name: 'Send a photo' }));
    pick(photo());
    const dialog = await screen.findByRole('dialog', { name: 'Send this photo to Jan?' });
    expect(dialog.querySelector('img')?.getAttribute('src')).toBe('blob:preview');
    fireEvent.change(screen.getByLabelText('Caption (optional)'), { target: { value: ' Sunset ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Send for 5 credits' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(onSend).toHaveBeenCalledWith(expect.any(File), 'Sunset');
  });

  it('When the balance is short, then the credit alert shows and nothing can be sent', async () => {
    const onSend = vi.fn(async (): Promise<SendProblem | null> => null);
    renderWithApp(<PhotoSender partnerName="Jan" price={5} balance={2} disabled={false} onSend={onSend} />);
    pick(photo());
    expect((await screen.findByTestId('credit-alert')).textContent).toContain("You don't have enough credits");
    expect(screen.getByTestId('chat-photo-send')).toHaveProperty('disabled', true);
    expect(onSend).not.toHaveBeenCalled();
  });

  it("When the server refuses the photo, then its message shows in the dialog in the member's language, and a file over 10 MB is refused before uploading", async () => {
    const onSend = vi.fn(async (): Promise<SendProblem | null> => ({ kind: 'text', message: 'Dit bestand is geen bruikbare foto.' }));
    renderWithApp(<PhotoSender partnerName="Jan" price={5} balance={20} disabled={false} onSend={onSend} />, {
      locale: 'nl',
      messages: nl,
    });
    pick(photo());
    fireEvent.click(await screen.findByRole('button', { name: 'Versturen voor 5 credits' }));
    expect((await screen.findByRole('alert')).textContent).toContain('Dit bestand is geen bruikbare foto.');
    fireEvent.click(screen.getByRole('button', { name: 'Annuleren' }));
    const big = new File([new Uint8Array(10 * 1024 * 1024 + 1)], 'big.jpg', { type: 'image/jpeg' });
    pick(big);
    expect((await screen.findByRole('alert')).textContent).toContain('Deze foto is groter dan 10 MB.');
    expect(onSend).toHaveBeenCalledTimes(1);
  });

  it('When the file is 52 MB, then Send is off with the reason beside it and nothing is uploaded', async () => {
    const onSend = vi.fn(async (): Promise<SendProblem | null> => null);
    renderWithApp(<PhotoSender partnerName="Jan" price={5} balance={20} disabled={false} onSend={onSend} />);
    const huge = new File([new Uint8Array(1)], 'huge.jpg', { type: 'image/jpeg' });
    Object.defineProperty(huge, 'size', { value: 52 * 1024 * 1024 });
    pick(huge);
    const send = await screen.findByRole('button', { name: 'Send for 5 credits' });
    expect(send).toHaveProperty('disabled', true);
    const reason = screen.getByTestId('chat-photo-reason');
    expect(reason.textContent).toBe('This photo is larger than 10 MB.');
    expect(send.getAttribute('aria-describedby')).toBe(reason.id);
    fireEvent.click(send);
    expect(onSend).not.toHaveBeenCalled();
  });

  it('When the file is no image, then no preview is shown, Send is off and the reason says which files work', async () => {
    const onSend = vi.fn(async (): Promise<SendProblem | null> => null);
    renderWithApp(<PhotoSender partnerName="Jan" price={5} balance={20} disabled={false} onSend={onSend} />);
    pick(new File(['%PDF-1.4'], 'letter.pdf', { type: 'application/pdf' }));
    const dialog = await screen.findByRole('dialog', { name: 'Send this photo to Jan?' });
    expect(dialog.querySelector('img')).toBeNull();
    expect(screen.getByTestId('chat-photo-reason').textContent).toBe('Choose a JPEG, PNG, WebP, GIF or AVIF photo.');
    expect(screen.getByRole('button', { name: 'Send for 5 credits' })).toHaveProperty('disabled', true);
  });
});

describe('PhotoBubble', () => {
  it('When the thumbnail is activated, then the photo opens larger in a dialog that Escape closes', async () => {
    renderWithApp(<PhotoBubble thumb="/media/s/1/a/chat/ab/x-thumb.jpg" full="/media/s/1/a/chat/ab/x-full.jpg" alt="Photo from Jan" />);
    fireEvent.click(screen.getByRole('button', { name: 'Photo from Jan' }));
    const dialog = await screen.findByRole('dialog', { name: 'Photo from Jan' });
    expect(dialog.querySelector('img')?.getAttribute('src')).toBe('/media/s/1/a/chat/ab/x-full.jpg');
    fireEvent.keyDown(dialog, { key: 'Escape' });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });
});
