import { paths } from '../../shared/routing/paths';

/** An invoice's screen names it in the query (`?id=`), as a booking's does. */
export const invoiceDetailsPath = (id: string): string =>
  `${paths.dashboard.invoiceDetails}?${new URLSearchParams({ id })}`;
