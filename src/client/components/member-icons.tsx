import { Svg, type IconProps } from './icons';

/*
 * Icons that only a member's pages draw (the members' navigation, member-parts.tsx): apart from icons.tsx, whose
 * module is in every page's entry, so a visitor's first page does not download them.
 */

export const EyeIcon = (p: IconProps) => (
  <Svg {...p}>
    <path d="M2 12s3.6-7 10-7 10 7 10 7-3.6 7-10 7S2 12 2 12Z" />
    <circle cx="12" cy="12" r="3" />
  </Svg>
);
