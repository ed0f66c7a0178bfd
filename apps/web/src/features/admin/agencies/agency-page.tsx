import {
  type AdminCompanyDetails,
  type AdminCompanyUser,
  type AdminDocument,
  type CompanyDecision,
  VENDOR_DOCUMENT_KINDS,
} from '@skydesk/contract';
import { Building2, FileX, History, ShieldCheck, Users, Wallet } from 'lucide-react';
import type { ReactNode } from 'react';
import { useParams } from 'react-router';
import { formatInstant } from '../../../shared/format/date-time';
import { formatMoney } from '../../../shared/format/money';
import { adminPaths } from '../../../shared/routing/admin-paths';
import { Alert } from '../../../shared/ui/alert';
import { Badge } from '../../../shared/ui/badge';
import { Card } from '../../../shared/ui/card';
import { adminApi } from '../admin-api';
import { formatWaiting } from '../admin-format';
import { COMPANY_STATUS, DECISION_LABELS } from '../admin-labels';
import { CompanyStatusBadge } from '../components/company-status-badge';
import { countryName } from '../country-name';
import { DeskDetail, DeskSummary } from '../desk/desk-detail';
import { AdjustmentForm } from './adjustment-form';
import { AgencyDecisions } from './agency-decisions';
import { CreditsPanel } from './credits-panel';
import { DocumentViewer } from './document-viewer';

/**
 * /admin/agencies/:id: everything a decision about an agency needs — its details, the vendor
 * form with both documents in the page, its users, balance and bookings, and what operators
 * decided before — and the decisions themselves, the balance's manual adjustment among them.
 * Its credits (balance, credit limit, available, deposits waiting, the limit's history) and a
 * link to its statement are in the Credits panel.
 */
export function AgencyPage() {
  const { id = '' } = useParams();
  const answer = adminApi.useAgencyQuery({ params: { id } });

  return (
    <DeskDetail
      answer={answer}
      queue={{ to: adminPaths.agencies, label: 'Agency review' }}
      noun="agency"
      icon={Building2}
      notFound="No agency has this address. It may have been mistyped."
      skeletonRows={4}
    >
      {(details) => <Agency details={details} />}
    </DeskDetail>
  );
}

function Agency({ details }: { details: AdminCompanyDetails }) {
  const { company } = details;
  const underReview = company.verification_status === 'pending_review';
  return (
    <>
      <AgencySummary details={details} />

      {/* Phones: the decision first, under the summary; wider: the documents beside the decisions. */}
      <div className="flex flex-col gap-5 lg:grid lg:grid-cols-[minmax(0,1fr)_22rem] lg:items-start">
        <div className="contents lg:flex lg:min-w-0 lg:flex-col lg:gap-5">
          {/* Under review, the documents come first; otherwise the money does. */}
          {underReview ? (
            <>
              <VendorForm details={details} className="order-2" />
              <CreditsPanel companyId={company.id} companyName={company.name} className="order-3" />
            </>
          ) : (
            <>
              <CreditsPanel companyId={company.id} companyName={company.name} className="order-2" />
              <VendorForm details={details} className="order-3" />
            </>
          )}
          <UsersCard users={details.users} className="order-5" />
        </div>
        <div className="contents lg:block lg:min-w-0 lg:space-y-5">
          <AgencyDecisions details={details} className="order-1 lg:order-none" />
          <Card title="Manual adjustment" className="order-4 lg:order-none">
            <AdjustmentForm key={company.balance} company={company} />
          </Card>
          <DecisionHistory history={details.history} className="order-6 lg:order-none" />
        </div>
      </div>
    </>
  );
}

function AgencySummary({ details }: { details: AdminCompanyDetails }) {
  const { company } = details;
  const facts: [string, ReactNode][] = [
    ['Contact', company.contact_name],
    ['E-mail', company.email],
    ['Phone', company.phone],
    ['Address', `${company.address}, ${company.city}, ${countryName(company.country)}`],
    ['IATA number', company.iata_number ?? '—'],
    ['Registered', formatInstant(company.created_at)],
  ];
  return (
    <DeskSummary
      titleId="agency-name"
      title={company.name}
      status={
        <>
          <CompanyStatusBadge status={company.verification_status} />
          <span>
            In this state for {formatWaiting(company.waiting_since)}
            {details.submissions > 1 && ` · ${details.submissions} vendor forms sent`}
          </span>
        </>
      }
      aside={
        <dl className="grid w-full grid-cols-[minmax(0,1.6fr)_minmax(0,1fr)_minmax(0,1fr)] gap-2 text-center sm:w-auto sm:grid-cols-3 sm:gap-3">
          <Stat icon={<Wallet aria-hidden="true" className="size-4" />} label="Balance">
            {formatMoney({ Amount: company.balance, CurrencyCode: company.currency })}
          </Stat>
          <Stat icon={<Building2 aria-hidden="true" className="size-4" />} label="Bookings">
            {details.bookings_count}
          </Stat>
          <Stat icon={<Users aria-hidden="true" className="size-4" />} label="Users">
            {company.user_count}
          </Stat>
        </dl>
      }
    >
      {company.rejection_reason &&
        (company.verification_status === 'rejected' || company.verification_status === 'suspended') && (
          <Alert
            tone={company.verification_status === 'rejected' ? 'error' : 'warning'}
            title={`${COMPANY_STATUS[company.verification_status].label}: the reason the agency was given`}
            className="mt-4"
          >
            <p className="whitespace-pre-line">{company.rejection_reason}</p>
          </Alert>
        )}
      <dl className="mt-4 grid gap-x-6 gap-y-3 border-slate-100 border-t pt-4 text-sm sm:grid-cols-2 lg:grid-cols-3">
        {facts.map(([label, value]) => (
          <div key={label} className="min-w-0">
            <dt className="text-slate-500 text-xs">{label}</dt>
            <dd className="break-words text-slate-900">{value}</dd>
          </div>
        ))}
      </dl>
    </DeskSummary>
  );
}

function Stat({ icon, label, children }: { icon: ReactNode; label: string; children: ReactNode }) {
  return (
    <div className="min-w-0 rounded-xl bg-slate-50 px-2 py-2 ring-1 ring-slate-200 sm:px-3">
      <dt className="flex items-center justify-center gap-1 text-slate-500 text-xs">
        {icon}
        {label}
      </dt>
      <dd className="whitespace-nowrap font-semibold text-slate-900 text-sm tabular-nums sm:text-base">
        {children}
      </dd>
    </div>
  );
}

/** The trade licence first, then the owner's ID, whatever order the server lists them in. */
const byKind = (a: AdminDocument, b: AdminDocument) =>
  VENDOR_DOCUMENT_KINDS.indexOf(a.kind) - VENDOR_DOCUMENT_KINDS.indexOf(b.kind);

function VendorForm({ details, className }: { details: AdminCompanyDetails; className?: string }) {
  const form = details.vendor_form;
  if (!form) {
    return (
      <Card title="Vendor form" className={className}>
        <div className="flex items-start gap-3 text-slate-600 text-sm">
          <FileX aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-slate-400" />
          <p>The agency has not sent its documents yet.</p>
        </div>
      </Card>
    );
  }
  return (
    <Card
      title="Vendor form"
      className={className}
      aside={
        <span className="text-slate-500 text-xs">
          Sent {formatInstant(form.submitted_at)}
          {form.submitted_by && ` by ${form.submitted_by.name}`}
        </span>
      }
    >
      <dl className="mb-4 grid gap-3 text-sm sm:grid-cols-3">
        <div>
          <dt className="text-slate-500 text-xs">Trade licence number</dt>
          <dd className="font-medium font-mono text-slate-900">{form.trade_license_number}</dd>
        </div>
        <div>
          <dt className="text-slate-500 text-xs">Tax number</dt>
          <dd className="font-medium font-mono text-slate-900">{form.tax_number}</dd>
        </div>
        <div>
          <dt className="text-slate-500 text-xs">IATA number</dt>
          <dd className="font-medium font-mono text-slate-900">{form.iata_number ?? '—'}</dd>
        </div>
      </dl>
      <div className="grid gap-4 2xl:grid-cols-2">
        {[...form.documents].sort(byKind).map((document) => (
          <DocumentViewer key={document.id} companyId={details.company.id} document={document} />
        ))}
      </div>
    </Card>
  );
}

function UsersCard({ users, className }: { users: AdminCompanyUser[]; className?: string }) {
  return (
    <Card title={`Users (${users.length})`} className={className}>
      <ul className="divide-y divide-slate-100">
        {users.map((user) => (
          <li
            key={user.id}
            className="flex flex-wrap items-center justify-between gap-2 py-2.5 first:pt-0 last:pb-0"
          >
            <div className="min-w-0">
              <p className="font-medium text-slate-900 text-sm">
                {user.name}
                {user.is_owner && (
                  <Badge tone="indigo" className="ml-2">
                    Owner
                  </Badge>
                )}
              </p>
              <p className="wrap-anywhere text-slate-500 text-xs">
                {user.email} · {user.role.name}
              </p>
            </div>
            <div className="flex flex-wrap gap-1.5">
              {!user.is_active && <Badge tone="rose">Inactive</Badge>}
              {!user.email_verified && <Badge tone="amber">E-mail not verified</Badge>}
              {user.two_factor_enabled ? (
                <Badge tone="emerald">
                  <ShieldCheck aria-hidden="true" className="size-3" /> Authenticator
                </Badge>
              ) : (
                <Badge tone="slate">No authenticator yet</Badge>
              )}
            </div>
          </li>
        ))}
      </ul>
    </Card>
  );
}

function DecisionHistory({ history, className }: { history: CompanyDecision[]; className?: string }) {
  return (
    <Card title="History of decisions" className={className}>
      {history.length === 0 ? (
        <p className="flex items-center gap-2 text-slate-600 text-sm">
          <History aria-hidden="true" className="size-4 text-slate-400" /> No decision yet.
        </p>
      ) : (
        <ol className="space-y-4 border-slate-200 border-l-2 pl-4">
          {history.map((decision) => (
            <li key={decision.id} className="relative">
              <span
                aria-hidden="true"
                className="absolute top-1.5 -left-[1.3rem] size-2.5 rounded-full bg-indigo-500 ring-2 ring-white"
              />
              <p className="font-medium text-slate-900 text-sm">
                {DECISION_LABELS[decision.action]}{' '}
                <span className="font-normal text-slate-500">
                  ({COMPANY_STATUS[decision.from_status].label} → {COMPANY_STATUS[decision.to_status].label})
                </span>
              </p>
              <p className="text-slate-500 text-xs">
                {decision.operator.name} ·{' '}
                <time dateTime={decision.created_at}>{formatInstant(decision.created_at)}</time>
              </p>
              {decision.reason && (
                <p className="mt-1 whitespace-pre-line rounded-lg bg-slate-50 px-3 py-2 text-slate-700 text-sm ring-1 ring-slate-200">
                  {decision.reason}
                </p>
              )}
            </li>
          ))}
        </ol>
      )}
    </Card>
  );
}
