export { compressImage, UnsupportedImageError, UPLOADABLE_TYPES, type PreparedImage, type UploadableType } from './image-compression';
export { ImageDropzone, UploadedImage } from './ImageDropzone';
export { ImageUploader, type ImageUploaderProps } from './ImageUploader';
export { uploadBlob, uploadFolderFor, UploadError, type RequestSignedUrl, type UploadFolder } from './upload-blob';
export { exceedsUploadLimit, UPLOAD_LIMIT_MB } from './upload-messages';
export { isUnauthorized, useImageUpload, type ImageUploadApi } from './useImageUpload';
export { useRequireSignIn, type RequireSignIn } from './useRequireSignIn';
export { faceRefusalText, faceVerdictText, type FaceCheckStatus } from './face-messages';
export { useFaceVerdict, type FaceVerdictView } from './useFaceVerdict';
