import { zodResolver } from '@hookform/resolvers/zod';
import { type Bank, EMPTY_RESULT, RECEIPT_FIELD, SUCCESS } from '@skydesk/contract';
import { ArrowLeft, Landmark, RefreshCw, Send } from 'lucide-react';
import { Controller, useForm } from 'react-hook-form';
import { toast } from 'react-hot-toast';
import { Link, useNavigate } from 'react-router';
import { useCan } from '../../../shared/access/dashboard-access';
import { DocumentPicker } from '../../../shared/files/document-picker';
import { todayLocalDate } from '../../../shared/format/date-time';
import { showServerFieldErrors } from '../../../shared/forms/server-field-errors';
import { isApiFailure } from '../../../shared/http/api-error';
import { useIdempotentMutation } from '../../../shared/http/use-idempotent-mutation';
import { paths } from '../../../shared/routing/paths';
import { Alert } from '../../../shared/ui/alert';
import { Button, buttonClasses } from '../../../shared/ui/button';
import { Card } from '../../../shared/ui/card';
import { EmptyState } from '../../../shared/ui/empty-state';
import { Field, inputClasses, SelectField, TextField } from '../../../shared/ui/field';
import { ForbiddenScreen } from '../../../shared/ui/forbidden-screen';
import { paymentsApi } from '../payments-api';
import {
  TRANSACTION_FORM_FIELDS,
  TransactionForm,
  type TransactionFormInput,
  type TransactionFormOutput,
  toTransactionFormData,
} from '../transaction-form';

/**
 * /dashboard/create-transaction (docs/product-spec.md §2): the agent records a bank deposit with its receipt —
 * into which SkyDesk account (its title, number and IBAN shown, so the agent knows where to pay),
 * how much, when, the bank's reference and a note. It waits for an operator's approval.
 */
export function CreateTransactionPage() {
  const canCreate = useCan('payments.create');
  if (!canCreate) return <ForbiddenScreen permission="payments.create" />;
  return <CreateTransaction />;
}

function CreateTransaction() {
  const { data: banks, error, isLoading, refetch, isFetching } = paymentsApi.useBanksQuery();

  if (isApiFailure(error) && error.status === 404)
    return (
      <EmptyState
        icon={Landmark}
        title={EMPTY_RESULT.noBanks}
        actions={
          <Link to={paths.dashboard.transactions} className={buttonClasses('secondary')}>
            <ArrowLeft aria-hidden="true" className="size-4" /> Back to transactions
          </Link>
        }
      >
        SkyDesk has no bank account to deposit into yet. Contact SkyDesk support before paying.
      </EmptyState>
    );
  if (isApiFailure(error) && error.status === 403) return <ForbiddenScreen permission="payments.create" />;
  if (error)
    return (
      <Alert
        tone="error"
        title={isApiFailure(error) ? error.message : 'Failed to fetch banks'}
        className="mx-auto max-w-3xl"
      >
        <Button variant="secondary" className="mt-2" busy={isFetching} onClick={() => void refetch()}>
          <RefreshCw aria-hidden="true" className="size-4" /> Try again
        </Button>
      </Alert>
    );
  if (isLoading || !banks)
    return (
      <div role="status" aria-label="Loading the bank accounts" className="mx-auto max-w-3xl space-y-3">
        <div className="h-40 animate-pulse rounded-2xl bg-slate-200/70" />
        <div className="h-72 animate-pulse rounded-2xl bg-slate-200/70" />
      </div>
    );
  return <DepositForm banks={banks} />;
}

function DepositForm({ banks }: { banks: Bank[] }) {
  const navigate = useNavigate();
  const createTransaction = useIdempotentMutation(paymentsApi.useCreateTransactionMutation);
  const {
    register,
    control,
    handleSubmit,
    setError,
    trigger,
    watch,
    getValues,
    formState: { errors, isSubmitting },
  } = useForm<TransactionFormInput, unknown, TransactionFormOutput>({
    resolver: zodResolver(TransactionForm),
    mode: 'onTouched',
    defaultValues: {
      // One account: nothing to choose.
      bank_id: banks.length === 1 ? (banks[0]?.id ?? '') : '',
      amount: '',
      deposit_date: todayLocalDate(),
      reference_no: '',
      note: '',
      [RECEIPT_FIELD]: null,
    },
  });
  const bank = banks.find((candidate) => candidate.id === watch('bank_id'));

  const submit = handleSubmit(async (form) => {
    try {
      await createTransaction({ formData: toTransactionFormData(getValues(), form) });
    } catch (error) {
      if (!isApiFailure(error)) return;
      // 409: this reference was recorded before (and not rejected) — said on its field.
      if (error.status === 409 && error.retryAfter === undefined) {
        setError('reference_no', { type: 'server', message: error.message }, { shouldFocus: true });
        return;
      }
      if (!showServerFieldErrors(error, setError, TRANSACTION_FORM_FIELDS)) toast.error(error.message);
      return;
    }
    toast.success(SUCCESS.transactionCreated);
    navigate(paths.dashboard.transactions);
  });

  return (
    <form
      noValidate
      onSubmit={submit}
      className="mx-auto grid w-full max-w-5xl items-start gap-5 lg:grid-cols-[1fr_20rem]"
    >
      <Card title="Deposit details">
        <div className="grid gap-x-4 gap-y-5 sm:grid-cols-2">
          <SelectField
            label="Bank you paid into"
            className="sm:col-span-2"
            error={errors.bank_id?.message}
            {...register('bank_id')}
          >
            <option value="">Choose a bank</option>
            {banks.map((option) => (
              <option key={option.id} value={option.id}>
                {option.bank}
              </option>
            ))}
          </SelectField>
          {bank && (
            // Under the select on a phone: where to pay, before the rest of the form.
            <div className="rounded-xl bg-slate-50 p-3 ring-1 ring-slate-200 sm:col-span-2 lg:hidden">
              <BankDetails bank={bank} />
            </div>
          )}
          <Field label="Amount deposited" error={errors.amount?.message}>
            {(control) => (
              <input
                {...control}
                {...register('amount')}
                inputMode="decimal"
                autoComplete="off"
                placeholder="0.00"
                className={inputClasses(Boolean(errors.amount), 'tabular-nums')}
              />
            )}
          </Field>
          <TextField
            label="Deposit date"
            type="date"
            max={todayLocalDate()}
            error={errors.deposit_date?.message}
            {...register('deposit_date')}
          />
          <TextField
            label="Bank reference"
            autoComplete="off"
            hint="As printed on the bank's receipt or transfer confirmation."
            className="sm:col-span-2"
            error={errors.reference_no?.message}
            {...register('reference_no')}
          />
          <Field label="Note" optional error={errors.note?.message} className="sm:col-span-2">
            {(control) => (
              <textarea
                {...control}
                {...register('note')}
                rows={3}
                className={inputClasses(Boolean(errors.note), 'resize-y')}
              />
            )}
          </Field>
          <div className="sm:col-span-2">
            <Controller
              control={control}
              name={RECEIPT_FIELD}
              render={({ field }) => (
                <DocumentPicker
                  title="Receipt"
                  description="The bank's receipt or transfer confirmation."
                  name={field.name}
                  file={field.value ?? null}
                  inputRef={field.ref}
                  onBlur={field.onBlur}
                  error={errors[RECEIPT_FIELD]?.message}
                  onChange={(file) => {
                    field.onChange(file);
                    // Checked at once: a wrong file is said when it is chosen, not at submit.
                    void trigger(RECEIPT_FIELD);
                  }}
                />
              )}
            />
          </div>
        </div>
        <p className="mt-5 text-slate-500 text-xs leading-relaxed">
          The deposit is added to your credits once SkyDesk has checked it against the bank. Until then it
          shows as awaiting approval.
        </p>
        <div className="mt-4 flex flex-col-reverse gap-3 border-slate-100 border-t pt-5 sm:flex-row sm:items-center sm:justify-between">
          <Link to={paths.dashboard.transactions} className={buttonClasses('ghost')}>
            <ArrowLeft aria-hidden="true" className="size-4" /> Back to transactions
          </Link>
          <Button type="submit" busy={isSubmitting}>
            {!isSubmitting && <Send aria-hidden="true" className="size-4" />}
            Record the deposit
          </Button>
        </div>
      </Card>

      <aside aria-label="Where to pay" className="hidden lg:sticky lg:top-4 lg:block">
        <Card title="Pay into">
          {bank ? (
            <BankDetails bank={bank} />
          ) : (
            <p className="text-slate-600 text-sm">
              Choose the bank you paid into to see its account title, number and IBAN.
            </p>
          )}
        </Card>
      </aside>
    </form>
  );
}

/** The account the agent pays into: its title, number and IBAN. */
function BankDetails({ bank }: { bank: Bank }) {
  return (
    <dl className="grid gap-2 text-sm sm:grid-cols-2 lg:grid-cols-1">
      <BankDetail label="Bank" value={bank.bank} />
      <BankDetail label="Account title" value={bank.account_title} />
      <BankDetail label="Account number" value={bank.account_number} mono />
      <BankDetail label="IBAN" value={bank.iban ?? 'None'} mono={Boolean(bank.iban)} />
    </dl>
  );
}

function BankDetail({ label, value, mono = false }: { label: string; value: string; mono?: boolean }) {
  return (
    <div>
      <dt className="text-slate-500 text-xs">{label}</dt>
      <dd className={mono ? 'break-all font-medium font-mono text-slate-900' : 'font-medium text-slate-900'}>
        {value}
      </dd>
    </div>
  );
}
