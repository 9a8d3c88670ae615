export { AgencyProfileScreen } from '../../../features/workspace/components/agency-profile.tsx';
