import { zodResolver } from '@hookform/resolvers/zod';
import { SUCCESS, type VendorDocumentKind, type VendorSubmission } from '@skydesk/contract';
import { Send } from 'lucide-react';
import { Controller, useForm } from 'react-hook-form';
import { toast } from 'react-hot-toast';
import { DocumentPicker } from '../../../shared/files/document-picker';
import { showServerFieldErrors } from '../../../shared/forms/server-field-errors';
import { Button } from '../../../shared/ui/button';
import { TextField } from '../../../shared/ui/field';
import { companyApi } from '../company-api';
import {
  DOCUMENT_LABELS,
  toVendorFormData,
  VENDOR_FORM_FIELDS,
  VendorForm,
  type VendorFormInput,
} from '../vendor-documents';

type VendorFormProps = {
  /** A rejected submission: its numbers to start from (the documents are chosen again). */
  previous?: VendorSubmission | null;
  /** The documents were accepted for review. */
  onSubmitted: () => void;
};

const KINDS: VendorDocumentKind[] = ['trade_license', 'owner_id_document'];

/** The vendor verification form (docs/api.md `POST /api/vendor-form`, multipart). */
export function VendorVerificationForm({ previous, onSubmitted }: VendorFormProps) {
  const [submitVendorForm] = companyApi.useSubmitVendorFormMutation();
  const {
    register,
    control,
    handleSubmit,
    setError,
    trigger,
    formState: { errors, isSubmitting },
  } = useForm({
    resolver: zodResolver(VendorForm),
    mode: 'onTouched',
    defaultValues: {
      trade_license_number: previous?.trade_license_number ?? '',
      tax_number: previous?.tax_number ?? '',
      iata_number: previous?.iata_number ?? '',
      trade_license: null,
      owner_id_document: null,
    } satisfies VendorFormInput,
  });

  const submit = handleSubmit(async (form) => {
    try {
      await submitVendorForm({ formData: toVendorFormData(form) }).unwrap();
    } catch (error) {
      showServerFieldErrors(error, setError, VENDOR_FORM_FIELDS);
      return;
    }
    toast.success(SUCCESS.verificationSent);
    onSubmitted();
  });

  return (
    <form noValidate onSubmit={submit} className="space-y-6">
      <div className="grid gap-x-4 gap-y-5 sm:grid-cols-2">
        <TextField
          label="Trade licence number"
          autoComplete="off"
          error={errors.trade_license_number?.message}
          {...register('trade_license_number')}
        />
        <TextField
          label="Tax number"
          autoComplete="off"
          hint="VAT, TRN or your country's tax registration number."
          error={errors.tax_number?.message}
          {...register('tax_number')}
        />
        <TextField
          label="IATA number"
          optional
          inputMode="numeric"
          hint="7 or 8 digits, if your agency is IATA-accredited."
          error={errors.iata_number?.message}
          {...register('iata_number')}
        />
      </div>
      <div className="grid gap-5 sm:grid-cols-2">
        {KINDS.map((kind) => (
          <Controller
            key={kind}
            control={control}
            name={kind}
            render={({ field }) => (
              <DocumentPicker
                title={DOCUMENT_LABELS[kind].title}
                description={DOCUMENT_LABELS[kind].description}
                name={field.name}
                file={field.value ?? null}
                inputRef={field.ref}
                onBlur={field.onBlur}
                error={errors[kind]?.message}
                onChange={(file) => {
                  field.onChange(file);
                  // Checked at once: a wrong file is said when it is chosen, not at submit.
                  void trigger(kind);
                }}
              />
            )}
          />
        ))}
      </div>
      <div className="flex flex-col-reverse items-stretch gap-3 border-slate-100 border-t pt-5 sm:flex-row sm:items-center sm:justify-between">
        <p className="text-slate-500 text-xs">
          Your documents are only seen by your agency and the SkyDesk review team.
        </p>
        <Button type="submit" busy={isSubmitting} className="shrink-0">
          {!isSubmitting && <Send aria-hidden="true" className="size-4" />}
          Submit for review
        </Button>
      </div>
    </form>
  );
}
