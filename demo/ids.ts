/**
 * Fixed ids of the demo space (`demo/space.json`) for tests. They are hand-written and never
 * change; `demo.test.ts` checks that each one names what its key says.
 */
export const demoIds = {
  space: '5a5e0000-0000-4000-8000-000000000001',
  documents: {
    /** page, starred (space.homeContentId, website.settings.homeContentId); en `home`, de `start`. */
    home: 'd0c00000-0000-4000-8000-000000000001',
    /** page; en `about`, de `ueber-uns`. */
    about: 'd0c00000-0000-4000-8000-000000000002',
    /** page under about; `about/team`, `ueber-uns/team`. */
    team: 'd0c00000-0000-4000-8000-000000000003',
    /** team-member under team: `about/team/lena-hoffmann`. */
    lena: 'd0c00000-0000-4000-8000-000000000004',
    jonas: 'd0c00000-0000-4000-8000-000000000005',
    amara: 'd0c00000-0000-4000-8000-000000000006',
    /** page; en `coffees`, de `kaffees`; the coffee documents sit under it. */
    coffees: 'd0c00000-0000-4000-8000-000000000010',
    huila: 'd0c00000-0000-4000-8000-000000000011',
    konga: 'd0c00000-0000-4000-8000-000000000012',
    /** coffee with `in_stock: false`. */
    espresso: 'd0c00000-0000-4000-8000-000000000013',
    /** blog (the blog index); `blog` in both locales. */
    blog: 'd0c00000-0000-4000-8000-000000000020',
    /** blog-post `blog/we-moved-into-the-old-tram-depot`, de `blog/umzug-ins-strassenbahndepot`. */
    depotPost: 'd0c00000-0000-4000-8000-000000000021',
    /** blog-post with an unpublished en draft besides its published versions. */
    pourOverPost: 'd0c00000-0000-4000-8000-000000000022',
    /** blog-post `blog/harvest-time-in-huila`, de `blog/erntezeit-in-huila`. */
    harvestPost: 'd0c00000-0000-4000-8000-000000000023',
    /** blog-post, `featured: true`, the blog's featured post; `blog/why-we-roast-lighter`. */
    lighterPost: 'd0c00000-0000-4000-8000-000000000024',
    /** blog-post published only in en: `blog/shipping-to-the-uk`. */
    enOnlyPost: 'd0c00000-0000-4000-8000-000000000025',
    /** page holding the contact block (the contact form); en `contact`, de `kontakt`. */
    contact: 'd0c00000-0000-4000-8000-000000000030',
    imprint: 'd0c00000-0000-4000-8000-000000000031',
    privacy: 'd0c00000-0000-4000-8000-000000000032',
    /** page used as website.settings.notFoundContentId. */
    notFound: 'd0c00000-0000-4000-8000-000000000040',
  },
  assets: {
    /** hero-dawn.jpg, 1600x1000 JPEG with a focal point. */
    hero: 'a55e0000-0000-4000-8000-000000000001',
    logo: 'a55e0000-0000-4000-8000-000000000031',
    favicon: 'a55e0000-0000-4000-8000-000000000032',
    share: 'a55e0000-0000-4000-8000-000000000033',
  },
  users: {
    lena: '05e40000-0000-4000-8000-000000000001',
    jonas: '05e40000-0000-4000-8000-000000000002',
    amara: '05e40000-0000-4000-8000-000000000003',
  },
  menus: {
    main: '3e100000-0000-4000-8000-000000000001',
    footer: '3e100000-0000-4000-8000-000000000002',
  },
} as const;
