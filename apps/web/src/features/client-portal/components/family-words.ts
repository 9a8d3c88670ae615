import { namespace } from '../../../i18n/i18n.ts';
import family from '../../../i18n/messages/en/family.json';

/** The words of Secondary Clients and a family member's page (issue 30). */
export const useFamilyT = namespace('family', family);
