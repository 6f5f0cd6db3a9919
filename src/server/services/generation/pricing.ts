/** The price and timing of a request, always computed on the server from the catalogue. */
import { creditCostFor, estimatedDurationFor, timeLimitFor, waitTimeFor, type ModelDefinition } from '~/catalogue';
import { AppError } from '~/server/errors';

export type Quote = { cost: number; waitSeconds: number; estimatedSeconds: number; timeLimitSeconds: number };

export function quote(model: ModelDefinition, input: Record<string, unknown>, premium: boolean): Quote {
  return {
    cost: creditCostFor(model, input),
    waitSeconds: waitTimeFor(model, premium),
    estimatedSeconds: estimatedDurationFor(model, input),
    timeLimitSeconds: timeLimitFor(model),
  };
}

/**
 * The client shows a price before Generate; we never charge more than what it showed. A client
 * that showed less than the real price is refused (its form is stale), nothing is charged.
 */
export function assertClientPrice(cost: number, shown: number | undefined): void {
  if (!clientPriceAccepted(cost, shown)) throw new AppError('credit_mismatch', `This generation costs ${cost} credits, but ${shown} were shown. Please review the price and try again.`);
}

export function clientPriceAccepted(cost: number, shown: number | undefined): boolean {
  return shown === undefined || shown >= cost;
}
