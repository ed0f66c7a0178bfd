import { useSearchParams } from 'react-router';
import { type KpiSelection, kpiSelectionParams, readKpiSelection } from './kpi-range';

/**
 * The range chosen, kept in the address (issue 15): figures can be reloaded, bookmarked, shared
 * and gone back to. Each choice is a history entry, as the statement's dates are.
 */
export function useKpiSelection(): [KpiSelection, (selection: KpiSelection) => void] {
  const [params, setParams] = useSearchParams();
  return [readKpiSelection(params), (selection) => setParams(kpiSelectionParams(selection))];
}
