import { useLiveUpdates } from '../lib/live';

/** The live socket of a signed-in back-office session, loaded only for one (app/root-layout.tsx, ADR 0030). */
export default function LiveUpdates() {
  useLiveUpdates();
  return null;
}
