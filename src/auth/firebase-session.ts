// The Firebase Auth calls the page makes, in one module the page loads when it starts Auth: the
// first screen is drawn without waiting for Firebase's code (it is most of the app's JavaScript).
export { firebaseAuth } from './firebase-auth';
export {
  createUserWithEmailAndPassword,
  onAuthStateChanged,
  signInWithEmailAndPassword,
  signOut,
} from 'firebase/auth';
