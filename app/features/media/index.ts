/** What other features may use of the media feature in the browser and on the server (decision 051). */
export { AdminImageCard } from "./components/admin-image-card";
export { ImagePicker } from "./components/image-picker";
export { MediaImage } from "./components/media-image";
export { responsiveImage } from "./media-urls";
