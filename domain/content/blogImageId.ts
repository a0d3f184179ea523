/**
 * A blog article's uploaded image (http/routes/adminBlogImagesApi.ts): its photo id and its largest stored
 * size, `3fa9c0e1b2d4f6a8-1080x720`, from which its stored widths follow (`blogImage` in blog.ts).
 */
export const BLOG_IMAGE_ID = /^[a-f0-9]{16}-\d{2,5}x\d{2,5}$/;
