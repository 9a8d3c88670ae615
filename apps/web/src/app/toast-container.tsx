import { TOAST_AUTO_CLOSE_MS } from '@portal/contract';
import { Slide, ToastContainer } from 'react-toastify/unstyled';
import 'react-toastify/ReactToastify.css';

/** Toasts as spec §9 configures them; loaded with the first toast (app/toasts.tsx). */
export function SpecToastContainer() {
  return (
    <ToastContainer
      position="top-center"
      autoClose={TOAST_AUTO_CLOSE_MS}
      hideProgressBar={false}
      newestOnTop
      closeOnClick
      pauseOnHover
      pauseOnFocusLoss
      draggable
      transition={Slide}
      theme="light"
    />
  );
}
