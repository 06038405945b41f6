export { passwordsAcceptable } from '../../../shared/api/accounts';
