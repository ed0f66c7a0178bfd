import type { TripDates } from '@skydesk/contract';
import { type BookingBody, BookingContact, type PassengerType, type ServiceRequest } from '@skydesk/contract';
import type { FieldError, Resolver } from 'react-hook-form';
import type { BookingFormDraft, TravellerDraft } from '../../entities/booking-draft/booking-draft-slice';
import { emptyTraveller, type TravellerField, travellerProblems } from './passengers';

/** The travellers' form: the booking form draft minus its offer (the draft's offer is the one booked). */
export type TravellersFormValues = Omit<BookingFormDraft, 'offer_id'>;

/**
 * The form to start from: the saved draft when it is for these passengers (a reload, or back from
 * the price summary), else one empty passenger per seat of the mix and the user's own contact.
 */
export function initialTravellersForm(
  mix: PassengerType[],
  draft: BookingFormDraft | null,
  contact: { email: string; phone: string },
): TravellersFormValues {
  const fits =
    draft !== null &&
    draft.passengers.length === mix.length &&
    mix.every((type, index) => draft.passengers[index]?.passenger_type === type);
  if (fits)
    return { passengers: draft.passengers, contact: draft.contact, save_travellers: draft.save_travellers };
  return { passengers: mix.map(emptyTraveller), contact, save_travellers: false };
}

type FormErrors = {
  passengers?: Partial<Record<TravellerField, FieldError>>[];
  contact?: Partial<Record<'email' | 'phone', FieldError>>;
};

const problem = (message: string): FieldError => ({ type: 'validate', message });

/**
 * Checks every passenger against the rules of the trip (ages on its dates, passport validity after
 * its last flight) and the contact against the contract, in the shape react-hook-form reads.
 */
export function travellersResolver(dates: TripDates): Resolver<TravellersFormValues> {
  return async (values) => {
    const errors: FormErrors = {};
    values.passengers.forEach((traveller, index) => {
      const problems = travellerProblems(traveller, dates);
      const entries = Object.entries(problems) as [TravellerField, string][];
      if (entries.length === 0) return;
      errors.passengers ??= [];
      errors.passengers[index] = Object.fromEntries(
        entries.map(([field, message]) => [field, problem(message)]),
      );
    });
    const contact = BookingContact.safeParse(values.contact);
    if (!contact.success) {
      errors.contact = {};
      for (const issue of contact.error.issues) {
        const field = issue.path[0];
        if ((field === 'email' || field === 'phone') && !errors.contact[field])
          errors.contact[field] = problem(
            values.contact[field].trim() === ''
              ? field === 'email'
                ? 'Enter an e-mail address for the airline'
                : 'Enter a phone number for the airline'
              : issue.message,
          );
      }
    }
    const valid = !errors.passengers && !errors.contact;
    return valid ? { values, errors: {} } : { values: {}, errors: errors as never };
  };
}

const passengerOf = (traveller: TravellerDraft): BookingBody['passengers'][number] => {
  const { traveller_id, ...fields } = traveller;
  return {
    ...fields,
    title: fields.title as BookingBody['passengers'][number]['title'],
    gender: fields.gender as BookingBody['passengers'][number]['gender'],
    ...(traveller_id ? { traveller_id } : {}),
  };
};

/** docs/api.md `POST /api/booking` body of a draft, with the seats and bags chosen (issue 31) when there are any. */
export const toBookingBody = (form: BookingFormDraft, services: ServiceRequest[] = []): BookingBody => ({
  offer_id: form.offer_id,
  passengers: form.passengers.map(passengerOf),
  contact: form.contact,
  save_travellers: form.save_travellers,
  ...(services.length > 0 ? { services } : {}),
});

/** The form fields the server's 422 may name (docs/api.md: `passengers.0.first_name`, `contact.email`). */
export const isFormFieldKey = (key: string): boolean =>
  /^passengers\.\d+\.(title|first_name|last_name|gender|date_of_birth|nationality|passport_number|passport_expiry)$/.test(
    key,
  ) || /^contact\.(email|phone)$/.test(key);
