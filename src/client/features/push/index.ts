/** The push feature's face: whether the browser can take push, and the button that subscribes (signup's step). */
export { pushCapable } from './push-client';
export { PushSubscribeButton } from './components/push-subscribe-button';
