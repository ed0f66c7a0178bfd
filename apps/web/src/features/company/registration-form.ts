import { IataNumber, RegisterCompanyBody } from '@skydesk/contract';
import { z } from 'zod';

/** An optional text field left empty is "not given". */
const emptyAsUndefined = (value: unknown) =>
  typeof value === 'string' && value.trim() === '' ? undefined : value;

/**
 * The contract's registration body (same rules, same messages as the server), plus what only the
 * form has: the password typed twice. An empty IATA number is no IATA number.
 */
export const RegistrationForm = RegisterCompanyBody.extend({
  iata_number: z.preprocess(emptyAsUndefined, IataNumber.optional()),
  password_confirmation: z.string().min(1, 'Type the password again'),
}).refine((form) => form.password === form.password_confirmation, {
  path: ['password_confirmation'],
  message: 'The passwords do not match',
});

export type RegistrationFormInput = z.input<typeof RegistrationForm>;

/** The form's fields, in the order they show (server field errors land on these). */
export const REGISTRATION_FIELDS = [
  'company_name',
  'iata_number',
  'contact_name',
  'email',
  'phone',
  'country',
  'city',
  'address',
  'password',
  'password_confirmation',
] as const satisfies readonly (keyof RegistrationFormInput)[];

/** What is sent: the contract's body, without the confirmation. */
export function toRegisterBody(form: z.output<typeof RegistrationForm>): RegisterCompanyBody {
  const { password_confirmation: _confirmation, ...body } = form;
  return body;
}
