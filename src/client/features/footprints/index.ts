/**
 * The footprints feature (who looked at the member's profile): its API calls, the Visitors grid's card and the
 * on/off switch, and the relative time its cards show (the list of album shares shows it too). Pages import it from here.
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
export { relativeTime } from './components/relative-time';
export { FOOTPRINTS_FIELD, FOOTPRINTS_FORM, FOOTPRINTS_SAVED, FootprintsSwitch } from './components/footprints-switch';
