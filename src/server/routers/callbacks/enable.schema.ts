import { callbackEndpointOutput, endpointIdInput } from './endpoint.schema';

export const enableInput = endpointIdInput;

/** The endpoint as the list shows it, on again. */
export const enableOutput = callbackEndpointOutput;
