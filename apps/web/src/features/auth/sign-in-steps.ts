import type { LoginNext } from '@skydesk/contract';
import { paths } from '../../shared/routing/paths';

/** docs/api.md login steps: the screen of each `next`. */
export const SIGN_IN_STEP_PATH: Record<LoginNext, string> = {
  verify_email: paths.verificationLogin,
  setup_2fa: paths.qrCodeScan,
  verify_2fa: paths.qrCodeScan,
};
