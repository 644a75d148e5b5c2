/**
 * The links the contact page reads at once: public, so its prerendered page asks for them with
 * its scripts (src/prerender.tsx).
 */
export const ACTIVE_SOCIALS = "/api/social/get/active?page=1";
