import { screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderPage } from '../../../testing/render';
import { LinkMediaPopover, type LinkTarget, type MediaTarget } from './link-media-popover';
import { UploadPopover } from './upload-popover';

const anchor = () => document.body;
const upload: MediaTarget = {
  kind: 'media',
  attrs: { url: 'https://example.org/a.png', width: 300, height: 200, alignment: 'left', type: 'image' },
  existing: false,
};

describe('media popover (docs/product.md section 2, "Media popover" in section 5)', () => {
  it('takes whole numbers only for width and height: empty clears, anything else is ignored', async () => {
    const onConfirm = vi.fn();
    const { user } = renderPage(<LinkMediaPopover anchor={anchor()} target={upload} onConfirm={onConfirm} onClose={() => {}} />);
    const width = screen.getByLabelText('Width');
    const height = screen.getByLabelText('Height');
    await user.type(width, 'x');
    expect(width).toHaveValue('300');
    await user.type(width, '.');
    expect(width).toHaveValue('300');
    await user.type(width, '-');
    expect(width).toHaveValue('300');
    await user.clear(width);
    expect(width).toHaveValue('');
    await user.type(width, '640');
    await user.clear(height);
    await user.click(screen.getByRole('combobox', { name: 'Alignment' }));
    await user.click(screen.getByRole('option', { name: 'Center' }));
    await user.click(screen.getByRole('combobox', { name: 'Type' }));
    await user.click(screen.getByRole('option', { name: 'Video' }));
    await user.click(screen.getByRole('button', { name: 'Confirm' }));
    expect(onConfirm).toHaveBeenCalledWith({
      ...upload,
      attrs: { url: 'https://example.org/a.png', width: 640, height: null, alignment: 'center', type: 'video' },
    });
  });

  it('refuses a media address that is not http(s)', async () => {
    const onConfirm = vi.fn();
    const { user } = renderPage(<LinkMediaPopover anchor={anchor()} target={upload} onConfirm={onConfirm} onClose={() => {}} />);
    await user.clear(screen.getByLabelText('URL'));
    await user.type(screen.getByLabelText('URL'), 'javascript:alert(1)');
    await user.click(screen.getByRole('button', { name: 'Confirm' }));
    expect(screen.getByLabelText('URL')).toHaveAccessibleDescription('Use an http or https address');
    expect(onConfirm).not.toHaveBeenCalled();
  });
});

describe('link popover (docs/product.md sections 2 and 5)', () => {
  const link = (url: string, existing: boolean): LinkTarget => ({ kind: 'link', url, existing });

  it('keeps only http, https, mailto and tel links', async () => {
    const onConfirm = vi.fn();
    const { user } = renderPage(<LinkMediaPopover anchor={anchor()} target={link('', false)} onConfirm={onConfirm} onClose={() => {}} />);
    const url = screen.getByLabelText('URL');
    await user.type(url, 'data:text/html,hi{Enter}');
    expect(screen.getByText('Use an http, https, mailto or tel address')).toBeInTheDocument();
    await user.clear(url);
    await user.type(url, 'mailto:info@example.org{Enter}');
    expect(onConfirm).toHaveBeenCalledWith(link('mailto:info@example.org', false));
  });

  it('reports an empty URL on an existing link, which removes it; a new empty one just closes', async () => {
    const onConfirm = vi.fn();
    const onClose = vi.fn();
    const existing = renderPage(
      <LinkMediaPopover anchor={anchor()} target={link('https://example.org', true)} onConfirm={onConfirm} onClose={onClose} />,
    );
    await existing.user.clear(screen.getByLabelText('URL'));
    await existing.user.click(screen.getByRole('button', { name: 'Confirm' }));
    expect(onConfirm).toHaveBeenCalledWith(link('', true));
    existing.unmount();

    const fresh = renderPage(<LinkMediaPopover anchor={anchor()} target={link('', false)} onConfirm={onConfirm} onClose={onClose} />);
    expect(screen.queryByRole('button', { name: 'Remove' })).toBeNull();
    await fresh.user.click(screen.getByRole('button', { name: 'Confirm' }));
    expect(onClose).toHaveBeenCalledTimes(1);
    expect(onConfirm).toHaveBeenCalledTimes(1);
  });
});

describe('image upload popover (docs/product.md sections 2 and 5)', () => {
  it('says "Click icon to attach image", takes only PNG or JPEG and confirms the chosen file', async () => {
    const onConfirm = vi.fn();
    const { user } = renderPage(<UploadPopover anchor={anchor()} onConfirm={onConfirm} onClose={() => {}} />);
    const popover = screen.getByRole('presentation');
    expect(within(popover).getByText('Click icon to attach image')).toBeInTheDocument();
    // Confirm never waits disabled: pressed without a file, it asks for one (decision 089).
    await user.click(within(popover).getByRole('button', { name: 'Confirm' }));
    expect(within(popover).getByRole('alert')).toHaveTextContent('Choose an image to upload first.');
    const input = within(popover).getByTestId<HTMLInputElement>('image-upload-input');
    // applyAccept: false lets the test hand over a file the picker would hide, as a drop could.
    await user.setup({ applyAccept: false }).upload(input, new File(['gif'], 'anim.gif', { type: 'image/gif' }));
    expect(within(popover).getByRole('alert')).toHaveTextContent('Only PNG and JPEG images can be uploaded.');
    await user.click(within(popover).getByRole('button', { name: 'Confirm' }));
    expect(onConfirm).not.toHaveBeenCalled();
    const photo = new File(['png'], 'photo.png', { type: 'image/png' });
    await user.upload(input, photo);
    expect(within(popover).getByText('photo.png')).toBeInTheDocument();
    await user.click(within(popover).getByRole('button', { name: 'Confirm' }));
    expect(onConfirm).toHaveBeenCalledWith(photo);
  });
});
