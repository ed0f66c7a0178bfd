import {
  MAILED_NOTIFICATION_KINDS,
  MAILED_NOTIFICATION_LABELS,
  type MailedNotificationKind,
  NOTIFICATION_CATEGORY_LABELS,
  NOTIFICATION_CATEGORY_OF,
  type NotificationCategory,
  type NotificationSettings,
} from '@skydesk/contract';
import { Mail } from 'lucide-react';
import { useState } from 'react';
import { toast } from 'react-hot-toast';
import { isApiFailure } from '../../../shared/http/api-error';
import { Button } from '../../../shared/ui/button';
import { Card } from '../../../shared/ui/card';
import { LoadFailed } from '../../../shared/ui/load-failed';
import { Switch } from '../../../shared/ui/switch';
import { notificationSettingsApi } from './notification-settings-api';

export const EMAIL_SETTINGS_SAVED = 'E-mail settings saved';

type EmailChoices = Record<MailedNotificationKind, boolean>;

/** Each e-mailed kind as the server has it; a kind it does not name is on (issue 14). */
const choicesOf = (settings: NotificationSettings): EmailChoices =>
  Object.fromEntries(
    MAILED_NOTIFICATION_KINDS.map((kind) => [kind, settings.email[kind] ?? true]),
  ) as EmailChoices;

/** The e-mailed kinds under their categories ("Your agency", "Money"), in the contract's order. */
const GROUPS = MAILED_NOTIFICATION_KINDS.reduce<
  { category: NotificationCategory; kinds: MailedNotificationKind[] }[]
>((groups, kind) => {
  const category = NOTIFICATION_CATEGORY_OF[kind];
  const group = groups.find((each) => each.category === category);
  if (group) group.kinds.push(kind);
  else groups.push({ category, kinds: [kind] });
  return groups;
}, []);

/**
 * Section 5 of the settings screen: which notifications the user also gets by e-mail, one switch
 * each. Turned off, a kind still reaches the bell and the notifications screen. Saving sends only
 * the switches changed, for every user (permission 'self').
 */
export function EmailNotificationsCard() {
  const {
    currentData: settings,
    error,
    isFetching,
    refetch,
  } = notificationSettingsApi.useNotificationSettingsQuery();
  return (
    <Card title="E-mail notifications">
      <p className="mb-4 flex gap-2 text-slate-600 text-sm leading-relaxed">
        <Mail aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-slate-400" />
        SkyDesk e-mails you these as well as showing them on the bell. Turn off what you don't need by e-mail:
        it still appears in your notifications.
      </p>
      {error ? (
        <LoadFailed
          title={isApiFailure(error) ? error.message : 'Failed to fetch your e-mail settings'}
          busy={isFetching}
          onRetry={() => void refetch()}
        />
      ) : !settings ? (
        <div role="status" aria-label="Loading your e-mail settings" className="grid gap-2 md:grid-cols-2">
          {[0, 1, 2, 3].map((i) => (
            <div key={i} className="h-11 animate-pulse rounded-lg bg-slate-100" />
          ))}
        </div>
      ) : (
        // A new answer from the server starts the switches afresh from it.
        <EmailChoicesForm key={JSON.stringify(settings.email)} saved={choicesOf(settings)} />
      )}
    </Card>
  );
}

function EmailChoicesForm({ saved }: { saved: EmailChoices }) {
  const [choices, setChoices] = useState(saved);
  const [save, { isLoading: saving }] = notificationSettingsApi.useUpdateNotificationSettingsMutation();
  const changed = MAILED_NOTIFICATION_KINDS.filter((kind) => choices[kind] !== saved[kind]);

  const submit = async () => {
    const email = Object.fromEntries(changed.map((kind) => [kind, choices[kind]]));
    try {
      await save({ body: { email } }).unwrap();
      toast.success(EMAIL_SETTINGS_SAVED);
    } catch {
      // Toasted by the HTTP client; the switches keep what the user chose, to try again.
    }
  };

  return (
    <div>
      <div className="grid gap-x-8 gap-y-5 md:grid-cols-2">
        {GROUPS.map(({ category, kinds }) => (
          <fieldset key={category} className="min-w-0">
            <legend className="mb-1 font-semibold text-slate-500 text-xs uppercase tracking-wider">
              {NOTIFICATION_CATEGORY_LABELS[category]}
            </legend>
            <div className="divide-y divide-slate-100">
              {kinds.map((kind) => (
                <Switch
                  key={kind}
                  className="py-2.5"
                  label={MAILED_NOTIFICATION_LABELS[kind]}
                  checked={choices[kind]}
                  disabled={saving}
                  onCheckedChange={(on) => setChoices((current) => ({ ...current, [kind]: on }))}
                />
              ))}
            </div>
          </fieldset>
        ))}
      </div>
      <div className="mt-4 flex flex-col-reverse gap-2 border-slate-100 border-t pt-4 sm:flex-row sm:items-center sm:justify-end">
        {changed.length > 0 && (
          <p className="text-slate-500 text-sm sm:mr-auto">
            {changed.length === 1 ? '1 change' : `${changed.length} changes`} not saved yet
          </p>
        )}
        <Button
          variant="secondary"
          disabled={changed.length === 0 || saving}
          onClick={() => setChoices(saved)}
        >
          Undo changes
        </Button>
        <Button busy={saving} disabled={changed.length === 0} onClick={() => void submit()}>
          Save e-mail settings
        </Button>
      </div>
    </div>
  );
}
