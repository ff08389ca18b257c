/**
 * The footprints component's face (who opened a member's profile, the switch, the expiry): other components and the
 * app import it from here only, never from its files (eslint.config.js enforces this). What is not exported here is
 * the component's own.
 */
export { countNew as countNewFootprints, deleteExpiredFootprints, footprintsForExport, recordVisit } from './service';
