import { namespace } from '../../../i18n/i18n.ts';
import myPlans from '../../../i18n/messages/en/my-plans.json';

/** My Plans' own words (the list, its filters and cards); the plans' vocabulary is plan-words.ts's. */
export const useMyPlansT = namespace('my-plans', myPlans);
