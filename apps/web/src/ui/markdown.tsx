import ReactMarkdown, { type Components } from 'react-markdown';
import { cn } from '../lib/cn';

/**
 * Markdown written by an administrator (the privacy notice), rendered as React elements by
 * react-markdown: raw HTML in the source is shown as text, never injected, so the CSP and the
 * page stay safe. Headings start at h3 so the text sits under the page's own h1/h2. Links open in
 * a new tab and never carry the portal as referrer.
 */
const components: Components = {
  h1: ({ children }) => <h3 className="mt-4 text-base font-semibold text-slate-900 first:mt-0">{children}</h3>,
  h2: ({ children }) => <h3 className="mt-4 text-base font-semibold text-slate-900 first:mt-0">{children}</h3>,
  h3: ({ children }) => <h4 className="mt-3 text-sm font-semibold text-slate-900 first:mt-0">{children}</h4>,
  h4: ({ children }) => <h5 className="mt-3 text-sm font-semibold text-slate-900 first:mt-0">{children}</h5>,
  p: ({ children }) => <p className="mt-2 first:mt-0">{children}</p>,
  ul: ({ children }) => <ul className="mt-2 list-disc space-y-1 pl-5">{children}</ul>,
  ol: ({ children }) => <ol className="mt-2 list-decimal space-y-1 pl-5">{children}</ol>,
  a: ({ children, href }) => (
    <a href={href} target="_blank" rel="noopener noreferrer" className="font-medium text-blue-700 underline hover:text-blue-800">
      {children}
    </a>
  ),
  strong: ({ children }) => <strong className="font-semibold text-slate-900">{children}</strong>,
  table: ({ children }) => (
    <div className="mt-2 overflow-x-auto">
      <table className="min-w-full text-left text-sm">{children}</table>
    </div>
  ),
  th: ({ children }) => <th className="border-b border-slate-200 px-2 py-1 font-semibold">{children}</th>,
  td: ({ children }) => <td className="border-b border-slate-100 px-2 py-1 align-top">{children}</td>,
};

export function Markdown({ source, className }: { source: string; className?: string }) {
  return (
    <div className={cn('text-sm leading-relaxed break-words text-slate-700', className)}>
      <ReactMarkdown components={components} skipHtml>
        {source}
      </ReactMarkdown>
    </div>
  );
}
