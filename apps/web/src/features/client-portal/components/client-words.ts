import { namespace } from '../../../i18n/i18n.ts';
import client from '../../../i18n/messages/en/client.json';

/** The client area's own words: its frame, and what several screens share (alerts, relations, Not provided). */
export const useClientT = namespace('client', client);
