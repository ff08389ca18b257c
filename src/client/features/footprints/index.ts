/**
 * The footprints feature (who looked at the member's profile): its API calls, the Visitors grid's card and the
 * on/off switch. Pages import it from here.
 */
export {
  FOOTPRINT_SETTINGS_KEY,
  footprintsKey,
  getFootprintSettings,
  listFootprints,
  setFootprintSettings,
  useFootprints,
} from './api/footprints';
export { FootprintCard } from './components/footprint-card';
export { FOOTPRINTS_FIELD, FOOTPRINTS_FORM, FOOTPRINTS_SAVED, FootprintsSwitch } from './components/footprints-switch';
