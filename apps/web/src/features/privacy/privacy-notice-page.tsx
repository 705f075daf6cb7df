import { Eye, FileText, PenLine, Send } from 'lucide-react';
import { formatManilaDateTime } from '../../lib/dates';
import { useId, useState } from 'react';
import { NOTICE_MAX_CHARS, publishPrivacyNoticeRequest } from '@ahente/contract/privacy-notice';
import { serverReason } from '../../api/client';
import { usePublishPrivacyNotice } from './api';
import { usePrivacyNotice } from './api';
import { Button } from '../../ui/button';
import { CardSection } from '../../ui/card';
import { ConfirmDialog } from '../../ui/confirm-dialog';
import { Field } from '../../ui/field';
import { Textarea } from '../../ui/input';
import { Markdown } from '../../ui/markdown';
import { Skeleton } from '../../ui/skeleton';
import { toast } from '../../ui/toast';

const UNCHANGED = 'The text is the same as the current version: change it before publishing.';

/**
 * Admin Panel → Privacy → Privacy notice (decision 027): the current version (its number, when it
 * was published, the text as agents read it), and an editor of the next version's Markdown with a
 * live preview. Publishing makes a new version that every agent is asked to accept at their next
 * login.
 */
export function PrivacyNoticePage() {
  const notice = usePrivacyNotice();
  const publish = usePublishPrivacyNotice();
  // null: the editor holds the current version's text (until the admin types).
  const [draft, setDraft] = useState<string | null>(null);
  const [error, setError] = useState<string | undefined>();
  const [confirming, setConfirming] = useState(false);
  const editorId = useId();
  const previewId = useId();

  const current = notice.data;
  const text = draft ?? current?.body ?? '';

  const check = (): string | undefined => {
    const parsed = publishPrivacyNoticeRequest.safeParse({ body: text });
    if (!parsed.success) return parsed.error.issues[0]?.message;
    if (current && text.trim() === current.body.trim()) return UNCHANGED;
    return undefined;
  };

  const onPublish = async () => {
    try {
      const published = await publish.mutateAsync({ body: text });
      toast.success(`Version ${published.version} of the privacy notice was published. Agents accept it at their next login.`);
      setDraft(null);
      setConfirming(false);
    } catch (err) {
      const reason = serverReason(err);
      toast.error(reason ? `The notice was not published. ${reason}` : 'The notice was not published.');
      setConfirming(false);
    }
  };

  return (
    <div className="flex flex-col gap-6">
      <CardSection
        title="Current privacy notice"
        icon={<FileText />}
        description={
          current
            ? `Version ${current.version}, published ${formatManilaDateTime(current.published_at)} (Philippine time). Agents read it at sign-up and accept each new version at their next login.`
            : 'The notice agents read at sign-up and accept at their next login after each new version.'
        }
        aria-busy={notice.isPending || undefined}
      >
        {notice.isPending ? (
          <div className="flex flex-col gap-2">
            <Skeleton className="h-5 w-48" />
            <Skeleton className="h-4 w-full" />
            <Skeleton className="h-4 w-5/6" />
            <span className="sr-only" role="status">
              Loading the privacy notice…
            </span>
          </div>
        ) : notice.isError ? (
          <div className="flex flex-wrap items-center gap-3 rounded-lg bg-slate-50 px-4 py-3 text-sm ring-1 ring-slate-900/5 ring-inset">
            <p className="font-medium text-slate-700">The privacy notice could not be loaded.</p>
            <Button variant="outline" size="sm" onClick={() => void notice.refetch()} loading={notice.isFetching}>
              Try again
            </Button>
          </div>
        ) : (
          current && (
            <div className="rounded-lg border border-slate-200 px-4 py-3">
              <Markdown source={current.body} />
            </div>
          )
        )}
      </CardSection>

      <CardSection
        title="Publish a new version"
        icon={<PenLine />}
        description="Write the notice in Markdown: # for headings, - for lists, **bold**, [text](https://…) for links. The preview shows it as agents will read it."
      >
        <form
          noValidate
          aria-label="New version of the privacy notice"
          onSubmit={(event) => {
            event.preventDefault();
            const problem = check();
            setError(problem);
            if (!problem) setConfirming(true);
          }}
        >
          <div className="grid gap-4 lg:grid-cols-2">
            <Field
              id={editorId}
              label="Notice text (Markdown)"
              hint={`${text.length.toLocaleString('en-PH')} of ${NOTICE_MAX_CHARS.toLocaleString('en-PH')} characters.`}
              error={error}
            >
              <Textarea
                value={text}
                rows={18}
                maxLength={NOTICE_MAX_CHARS}
                disabled={!current || publish.isPending}
                className="min-h-80 font-mono text-[0.8125rem] leading-relaxed lg:flex-1"
                onChange={(event) => {
                  setDraft(event.target.value);
                  if (error) setError(undefined);
                }}
              />
            </Field>
            <div className="flex min-w-0 flex-col gap-1.5">
              <p id={previewId} className="flex items-center gap-1.5 text-sm font-medium text-slate-700">
                <Eye aria-hidden="true" className="size-4 text-slate-500" />
                Preview
              </p>
              <section
                aria-labelledby={previewId}
                className="min-h-80 rounded-lg border border-dashed border-slate-300 bg-slate-50/60 px-4 py-3"
              >
                {text.trim() ? <Markdown source={text} /> : <p className="text-sm text-slate-500">Nothing to preview yet.</p>}
              </section>
            </div>
          </div>
          <div className="mt-4 flex flex-wrap items-center gap-3">
            <Button type="submit" disabled={!current} loading={publish.isPending}>
              {!publish.isPending && <Send aria-hidden="true" />}
              Publish new version
            </Button>
            {draft !== null && current && draft !== current.body && (
              <Button
                variant="ghost"
                disabled={publish.isPending}
                onClick={() => {
                  setDraft(null);
                  setError(undefined);
                }}
              >
                Discard changes
              </Button>
            )}
          </div>
        </form>
      </CardSection>

      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        tone="primary"
        title={`Publish version ${(current?.version ?? 0) + 1} of the privacy notice?`}
        description={
          <div className="space-y-2">
            <p>Every agent will be asked to read and accept it at their next login before they can continue.</p>
            <p>The current version stays on record with the consents given to it.</p>
          </div>
        }
        confirmLabel="Publish"
        busy={publish.isPending}
        onConfirm={() => void onPublish()}
      />
    </div>
  );
}
