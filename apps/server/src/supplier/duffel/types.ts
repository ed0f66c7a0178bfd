/// <reference types="@duffel/api" />
// The official client declares its types as ambient modules in one file (dist/typings.d.ts), which
// TypeScript reads once something references the package: the line above does, so
// '@duffel/api/types' resolves here. Types only: nothing of the client runs (decision 019).
export type {
  Airline,
  Airport,
  ApiResponseError,
  ApiResponseMeta,
  CabinClass,
  FlightsConditions,
  Offer,
  OfferAvailableServiceBaggage,
  OfferPassenger,
  OfferRequest,
  OfferSlice,
  OfferSliceSegment,
  OfferSliceSegmentPassenger,
  OfferSliceSegmentPassengerBaggage,
  Order,
  OrderCancellation,
  OrderDocument,
  OrderPassenger,
  PaginationMeta,
  Payment,
  SeatMap,
  SeatMapCabin,
  SeatMapCabinRow,
  SeatMapCabinRowSectionElement,
  SeatMapCabinRowSectionElementSeat,
} from '@duffel/api/types';
