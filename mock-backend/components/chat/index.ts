/**
 * The chat component's face (conversations, messages, the live event streams and chat photos): other components and the app import it from here only, never from its files
 * (eslint.config.js enforces this). What is not exported here is the component's own.
 */
export { chatMediaGuard } from './media';
export { deliverHeldMessages } from './repository';
