import { paths } from '../../shared/routing/paths';

/** A booking's screen (the bookings feature names a booking by `?id=`, docs/product-spec.md §2 leaves it open). */
export const bookingHref = (id: string): string =>
  `${paths.dashboard.bookingDetails}?${new URLSearchParams({ id })}`;

/** The transactions screen with this deposit's receipt open: where a statement's deposit line leads. */
export const depositHref = (id: string): string =>
  `${paths.dashboard.transactions}?${new URLSearchParams({ receipt: id })}`;
