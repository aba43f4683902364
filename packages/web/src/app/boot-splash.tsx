import { BrandMark } from './shell/brand-mark';

/**
 * The top bar of index.html (`.boot-bar`, styled there; index.html keeps its own copy of the mark, as it shows before
 * any script) as React renders it while the first screen's code is still on its way: the page keeps what the visitor
 * already sees instead of going blank between the two.
 */
export function BootSplash() {
  return (
    <>
      <div className="boot-bar" aria-busy="true">
        <BrandMark size={30} />
        <span>Işık LED</span>
      </div>
      <div className="boot-page" />
    </>
  );
}
