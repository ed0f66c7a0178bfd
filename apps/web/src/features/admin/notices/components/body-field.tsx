import type { UseFormRegisterReturn } from 'react-hook-form';
import { Markdown } from '../../../../shared/markdown/markdown';
import { Field, inputClasses } from '../../../../shared/ui/field';

type BodyFieldProps = {
  registration: UseFormRegisterReturn;
  /** The title and text typed so far, previewed as agencies will read them. */
  title: string;
  body: string;
  error?: string | undefined;
};

/**
 * The post's text in limited Markdown, beside (below, on a phone) a live preview drawn by the same
 * renderer agencies' screens use — what the operator sees is what agencies will read.
 */
export function BodyField({ registration, title, body, error }: BodyFieldProps) {
  return (
    <div className="grid gap-4 lg:grid-cols-2">
      <Field
        label="Text"
        error={error}
        hint={
          <>
            <code>**bold**</code>, <code>*italic*</code>, <code>`code`</code>, lines starting <code>-</code>{' '}
            or <code>1.</code> for lists, <code>##</code> for a heading, <code>[words](https://…)</code> for a
            link.
          </>
        }
      >
        {(control) => (
          <textarea
            {...control}
            {...registration}
            rows={14}
            className={inputClasses(Boolean(error), 'min-h-72 font-mono text-sm leading-relaxed')}
          />
        )}
      </Field>
      <section aria-label="Preview" className="min-w-0">
        <p className="font-medium text-slate-800 text-sm">Preview</p>
        <div className="mt-1.5 min-h-72 rounded-lg border border-slate-300 border-dashed bg-slate-50/50 p-4">
          {title.trim() || body.trim() ? (
            <>
              {title.trim() && <p className="mb-2 font-semibold text-lg text-slate-900">{title}</p>}
              <Markdown source={body} headingLevel={3} />
            </>
          ) : (
            <p className="text-slate-400 text-sm">The title and text, as agencies will read them.</p>
          )}
        </div>
      </section>
    </div>
  );
}
