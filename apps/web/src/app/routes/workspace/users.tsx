import { RegisteredUsers } from '../../../features/clients/components/registered-users.tsx';

/** /dashboard/users: "Registered Users", the agency's primary clients (issue 5). */
export function RegisteredUsersScreen() {
  return <RegisteredUsers />;
}
