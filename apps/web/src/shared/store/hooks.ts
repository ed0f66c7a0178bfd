import type { ThunkAction, ThunkDispatch, UnknownAction } from '@reduxjs/toolkit';
import { useDispatch, useSelector } from 'react-redux';

/*
 * The store's hooks as features use them. Only app/store knows every slice, and shared/ imports
 * nothing from app/ (decision 010), so they are not typed with the whole state: a selector names
 * the slice it reads (createSlice's `selectors` do), and thunks read no state they are not given.
 */

/** Dispatches plain actions, thunks and RTK Query's calls. */
export type AppDispatch = ThunkDispatch<unknown, unknown, UnknownAction>;

/** A thunk of this store (Redux Toolkit's convention): `dispatch(doSomething())`. */
export type AppThunk<Result = void> = ThunkAction<Result, unknown, unknown, UnknownAction>;

export const useAppDispatch = useDispatch.withTypes<AppDispatch>();

/** `useAppSelector(selectSomething)`: the selector's own parameter types the state it reads. */
export const useAppSelector = useSelector;
