import { CASH_UP_API, type CashUpRequest } from '@prepay/contracts';
import { useQuery } from '@tanstack/react-query';
import { call } from '../../lib/call';

/** The cash-up of the asked range and station. */
export function useCashUp(asked: CashUpRequest) {
  return useQuery({ queryKey: ['cashUp', asked], queryFn: () => call(CASH_UP_API.read, asked) });
}
