import type { CompanyProfile } from '@skydesk/contract';
import { clsx } from 'clsx';
import { Globe, RotateCcw } from 'lucide-react';
import { type KeyboardEvent, useId, useMemo, useState } from 'react';
import { toast } from 'react-hot-toast';
import { isApiFailure } from '../../../shared/http/api-error';
import { Badge } from '../../../shared/ui/badge';
import { Button } from '../../../shared/ui/button';
import { Field, inputClasses } from '../../../shared/ui/field';
import { accountApi } from '../account-api';
import { matchTimeZones, type TimeZoneOption, timeZoneOptions, zoneLabel, zoneOffset } from './time-zones';

export const TIME_ZONE_SAVED = 'Time zone saved';

/** How many matches the list shows at once: typing narrows the rest. */
const SHOWN_MATCHES = 60;

/** What the agency's zone is for, said wherever it is shown. */
const WHAT_IT_DOES =
  'Your agency’s days are counted in this zone: “today” on the home screen and each day of your analytics.';

/** "Asia / Dubai (GMT+4)". */
const zoneText = (zone: string) => {
  const offset = zoneOffset(zone);
  return offset ? `${zoneLabel(zone)} (${offset})` : zoneLabel(zone);
};

function CurrentZone({ profile }: { profile: CompanyProfile }) {
  return (
    <p className="flex flex-wrap items-center gap-2 font-medium text-slate-900 text-sm">
      <Globe aria-hidden="true" className="size-4 text-slate-500" />
      {zoneText(profile.time_zone)}
      {profile.time_zone_default ? (
        <Badge tone="slate">Country default</Badge>
      ) : (
        <Badge tone="indigo">Chosen by your agency</Badge>
      )}
    </p>
  );
}

/**
 * The agency's time zone (issue 15) in the company card: everyone reads it, with its country's
 * default marked; the owner chooses another among the zones the browser knows (searchable), or
 * goes back to the default — each saved at once with `PUT /api/company/profile` (`time_zone`, ''
 * for the default), apart from the contact details' form.
 */
export function TimeZoneSetting({ profile, isOwner }: { profile: CompanyProfile; isOwner: boolean }) {
  return (
    <section aria-labelledby="time-zone-title" className="mt-6 border-slate-100 border-t pt-5">
      <h3 id="time-zone-title" className="font-semibold text-slate-900">
        Time zone
      </h3>
      <p className="mt-0.5 mb-3 text-slate-600 text-sm">{WHAT_IT_DOES}</p>
      <CurrentZone profile={profile} />
      {isOwner ? (
        <TimeZoneForm key={profile.time_zone} profile={profile} />
      ) : (
        <p className="mt-3 text-slate-500 text-xs">Only your agency's owner can change the time zone.</p>
      )}
    </section>
  );
}

function TimeZoneForm({ profile }: { profile: CompanyProfile }) {
  const [updateProfile] = accountApi.useUpdateCompanyProfileMutation();
  const [chosen, setChosen] = useState(profile.time_zone);
  const [saving, setSaving] = useState<'zone' | 'default' | null>(null);
  const [problem, setProblem] = useState<string | undefined>();

  const save = async (time_zone: string, kind: 'zone' | 'default') => {
    setSaving(kind);
    setProblem(undefined);
    try {
      await updateProfile({ body: { time_zone } }).unwrap();
      toast.success(TIME_ZONE_SAVED);
    } catch (error) {
      if (!isApiFailure(error)) return;
      const onField = error.fieldErrors?.time_zone?.[0];
      if (onField) setProblem(onField);
      else toast.error(error.message);
    } finally {
      setSaving(null);
    }
  };

  return (
    <form
      noValidate
      className="mt-4 space-y-3"
      onSubmit={(event) => {
        event.preventDefault();
        void save(chosen, 'zone');
      }}
    >
      <div className="flex flex-col gap-3 sm:flex-row sm:items-start">
        <TimeZoneCombobox
          label="Choose another time zone"
          current={profile.time_zone}
          value={chosen}
          onChange={(zone) => {
            setChosen(zone);
            setProblem(undefined);
          }}
          error={problem}
          className="sm:flex-1"
        />
        <Button
          type="submit"
          className="sm:mt-7"
          busy={saving === 'zone'}
          disabled={saving !== null || chosen === profile.time_zone}
        >
          Save time zone
        </Button>
      </div>
      {!profile.time_zone_default && (
        <Button
          variant="ghost"
          className="-ml-2"
          busy={saving === 'default'}
          disabled={saving !== null}
          onClick={() => void save('', 'default')}
        >
          {saving !== 'default' && <RotateCcw aria-hidden="true" className="size-4" />}
          Use your country's default
        </Button>
      )}
    </form>
  );
}

type TimeZoneComboboxProps = {
  label: string;
  /** The agency's zone now, listed even when the browser spells it otherwise. */
  current: string;
  value: string;
  onChange: (zone: string) => void;
  error?: string | undefined;
  className?: string;
};

/**
 * A searchable list of the IANA zones (WAI-ARIA combobox with a listbox popup): type a city, a
 * region or an offset ("Dubai", "Europe", "+5:30"); arrows move, Enter picks, Escape closes.
 */
function TimeZoneCombobox({ label, current, value, onChange, error, className }: TimeZoneComboboxProps) {
  const listId = useId();
  const [typed, setTyped] = useState<string | null>(null);
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(0);
  // Built when first opened: 400-odd zones with their offsets.
  const options = useMemo(
    () => (open || typed !== null ? timeZoneOptions(current) : []),
    [open, typed, current],
  );
  const matches = useMemo(
    () => (open ? matchTimeZones(options, typed ?? '').slice(0, SHOWN_MATCHES) : []),
    [options, typed, open],
  );
  const expanded = open && matches.length > 0;
  const text = typed ?? zoneText(value);

  const choose = (option: TimeZoneOption) => {
    onChange(option.zone);
    setTyped(null);
    setOpen(false);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'ArrowDown') {
      event.preventDefault();
      if (!open) setOpen(true);
      else setActive((index) => Math.min(index + 1, matches.length - 1));
    } else if (event.key === 'ArrowUp') {
      event.preventDefault();
      setActive((index) => Math.max(index - 1, 0));
    } else if (event.key === 'Enter') {
      const match = matches[active];
      if (expanded && match) {
        event.preventDefault();
        choose(match);
      }
    } else if (event.key === 'Escape' && open) {
      event.preventDefault();
      setOpen(false);
      setTyped(null);
    }
  };

  return (
    <Field
      label={label}
      error={error}
      hint={typed === null ? undefined : 'Type a city, a region or an offset, then pick from the list.'}
      className={clsx('relative', className)}
    >
      {(control) => (
        <>
          <input
            {...control}
            type="text"
            role="combobox"
            aria-autocomplete="list"
            aria-expanded={expanded}
            aria-controls={listId}
            aria-activedescendant={expanded ? `${listId}-${active}` : undefined}
            autoComplete="off"
            spellCheck={false}
            placeholder="City, region or offset"
            value={text}
            onChange={(event) => {
              setTyped(event.target.value);
              setActive(0);
              setOpen(true);
            }}
            onFocus={(event) => event.target.select()}
            onClick={() => setOpen(true)}
            onKeyDown={onKeyDown}
            // What was typed without picking goes back to the zone chosen.
            onBlur={() => {
              setOpen(false);
              setTyped(null);
            }}
            className={inputClasses(Boolean(error), 'truncate')}
          />
          <div
            id={listId}
            role="listbox"
            aria-label="Time zones"
            hidden={!expanded}
            className="absolute inset-x-0 z-30 mt-1 max-h-72 overflow-auto rounded-xl border border-slate-200 bg-white py-1 shadow-lg"
          >
            {matches.map((option, index) => (
              <div
                key={option.zone}
                tabIndex={-1}
                id={`${listId}-${index}`}
                role="option"
                aria-selected={index === active}
                // Chosen on mouse down, before the input's blur puts the text back.
                onMouseDown={(event) => {
                  event.preventDefault();
                  choose(option);
                }}
                onMouseEnter={() => setActive(index)}
                className={clsx(
                  'flex cursor-pointer items-baseline justify-between gap-3 px-3 py-2 text-sm',
                  index === active ? 'bg-indigo-50 text-indigo-900' : 'text-slate-800',
                )}
              >
                <span className="min-w-0 truncate">
                  {option.label}
                  {option.zone === current && <span className="text-slate-500"> · now</span>}
                </span>
                <span className="shrink-0 text-slate-500 text-xs tabular-nums">{option.offset}</span>
              </div>
            ))}
          </div>
          {open && typed !== null && matches.length === 0 && (
            <p className="mt-1.5 text-slate-600 text-sm">No time zone matches “{typed}”.</p>
          )}
        </>
      )}
    </Field>
  );
}
