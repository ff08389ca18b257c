/** The social feature's face: the member's likes list, for the likes feature's hearts, pop-ups and pages. */
export { likesKey, useLikes, type LikeList } from './api/list-likes';
