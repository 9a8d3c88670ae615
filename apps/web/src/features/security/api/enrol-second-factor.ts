import { useMutation } from '@tanstack/react-query';
import { apiCall } from '../../../lib/api-client.ts';

/** Starts the set-up: a new key with its QR code (made by the server) and the key in text. */
export function enrolSecondFactor() {
  return apiCall('enrolSecondFactor', { quiet: true });
}

export function useEnrolSecondFactor() {
  return useMutation({ mutationFn: enrolSecondFactor });
}
