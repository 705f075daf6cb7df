import { ImageUp, Trash2 } from 'lucide-react';
import { useRef, useState, type RefObject } from 'react';
import { PHOTO_CONTENT_TYPES, PHOTO_MAX_BYTES } from '@ahente/contract/files';
import { MSG } from '@ahente/contract/messages';
import { serverReason } from '../api/client';
import { useProfilePhotoMutation } from '../features/members';
import { useCurrentUser } from '../api/session';
import { Avatar } from '../ui/avatar';
import { Button } from '../ui/button';
import { Modal } from '../ui/modal';
import { Notice } from '../ui/notice';
import { toast } from '../ui/toast';

/** What the server takes as a photo (decision 015): checked here first, so a wrong file is not sent. */
const PHOTO_ACCEPT = ['.jpg', '.jpeg', '.png', '.webp', ...PHOTO_CONTENT_TYPES].join(',');

/** Why a file cannot be a profile photo, or null when it can. */
function photoProblem(file: File): string | null {
  if (!(PHOTO_CONTENT_TYPES as readonly string[]).includes(file.type)) return 'Choose a JPEG, PNG or WebP image.';
  if (file.size > PHOTO_MAX_BYTES) return 'This photo is larger than 5 MB. Choose a smaller one.';
  if (file.size === 0) return 'This file is empty. Choose another photo.';
  return null;
}

interface ProfilePhotoDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** Where focus goes when the dialog closes (the profile button: the popup is closed by then). */
  finalFocus: RefObject<HTMLElement | null>;
}

/**
 * 'Change Profile Picture': Upload Photo (JPEG, PNG or WebP, up to 5 MB), Remove Photo (only when
 * there is one) and Cancel. A new photo shows at once in the header and the popup (the session
 * holds its URL). What goes wrong is said inside the dialog, where it is seen and announced (a
 * toast would sit behind the dialog).
 */
export function ProfilePhotoDialog({ open, onOpenChange, finalFocus }: ProfilePhotoDialogProps) {
  const user = useCurrentUser();
  const change = useProfilePhotoMutation();
  const fileInput = useRef<HTMLInputElement>(null);
  const inFlight = useRef(false);
  const [problem, setProblem] = useState<{ text: string; detail?: string; seq: number } | null>(null);
  const [action, setAction] = useState<'upload' | 'remove' | null>(null);
  const busy = action !== null;

  const fail = (text: string, detail?: string) => setProblem((current) => ({ text, detail, seq: (current?.seq ?? 0) + 1 }));

  const send = async (file: File | null) => {
    if (inFlight.current) return;
    inFlight.current = true;
    setProblem(null);
    setAction(file ? 'upload' : 'remove');
    try {
      await change.mutateAsync({ id: user.memberId, file });
      toast.success(file ? MSG.photoUpdated : MSG.photoRemoved);
      onOpenChange(false);
    } catch (error) {
      // 413 too large, 415 not an image, 400…: the server's own words; otherwise the general text.
      fail(MSG.photoFailed, serverReason(error) ?? 'Please try again.');
    } finally {
      inFlight.current = false;
      setAction(null);
    }
  };

  const choose = (file: File | undefined) => {
    if (fileInput.current) fileInput.current.value = '';
    if (!file) return;
    const wrong = photoProblem(file);
    if (wrong) {
      fail(wrong);
      return;
    }
    void send(file);
  };

  return (
    <Modal
      open={open}
      onOpenChange={(next) => {
        if (!next && busy) return;
        if (!next) setProblem(null);
        onOpenChange(next);
      }}
      title="Change Profile Picture"
      description="A JPEG, PNG or WebP image, up to 5 MB. It shows in the header and your profile."
      size="sm"
      finalFocus={finalFocus}
      footer={
        <Button variant="outline" onClick={() => onOpenChange(false)} disabled={busy}>
          Cancel
        </Button>
      }
    >
      <div className="flex flex-col items-center gap-4 text-center" aria-busy={busy || undefined}>
        <Avatar name={user.name} photo={user.photo} size="lg" className="size-24 text-3xl shadow-sm" />
        <p className="text-sm text-slate-600">{user.photo ? 'Your current photo.' : 'You have no photo yet: your initials are shown.'}</p>

        {problem && (
          <Notice key={problem.seq} tone="error" detail={problem.detail} className="w-full text-left">
            {problem.text}
          </Notice>
        )}

        <div className="flex w-full flex-col gap-2 sm:flex-row">
          <Button
            className="w-full sm:w-auto sm:flex-1"
            loading={action === 'upload'}
            disabled={busy}
            onClick={() => fileInput.current?.click()}
          >
            {action !== 'upload' && <ImageUp aria-hidden="true" />}
            Upload Photo
          </Button>
          <Button
            variant="outline"
            className="w-full sm:w-auto sm:flex-1"
            loading={action === 'remove'}
            disabled={busy || !user.photo}
            onClick={() => void send(null)}
          >
            {action !== 'remove' && <Trash2 aria-hidden="true" />}
            Remove Photo
          </Button>
        </div>
        <input
          ref={fileInput}
          type="file"
          accept={PHOTO_ACCEPT}
          aria-label="Photo file"
          tabIndex={-1}
          hidden
          onChange={(event) => choose(event.target.files?.[0])}
        />
      </div>
    </Modal>
  );
}
