// A sign-in's origin is read the same way wherever a session starts (signing in, joining): see http/.
export { signInContext } from '../../http/sign-in-context';
