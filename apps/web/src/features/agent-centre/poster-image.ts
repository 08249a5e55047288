/**
 * An SVG element drawn into a PNG: the poster is composed as SVG (sharp at any size, text from the
 * locale files), and shared as a picture, since chat apps show a PNG inline and an SVG as a file.
 */
export async function svgToPng(svg: SVGSVGElement, width: number, height: number): Promise<Blob> {
  const markup = new XMLSerializer().serializeToString(svg);
  const image = new Image(width, height);
  image.src = `data:image/svg+xml;charset=utf-8,${encodeURIComponent(markup)}`;
  await image.decode();
  const canvas = document.createElement('canvas');
  canvas.width = width;
  canvas.height = height;
  const context = canvas.getContext('2d');
  if (!context) throw new Error('poster: no 2D canvas');
  context.drawImage(image, 0, 0, width, height);
  return new Promise((resolve, reject) =>
    canvas.toBlob((blob) => (blob ? resolve(blob) : reject(new Error('poster: no PNG'))), 'image/png'),
  );
}

/** Hand a file to the browser's download, named. */
export function saveFile(blob: Blob, name: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  link.click();
  // The click has read the URL by the time it returns; the next task may let it go.
  setTimeout(() => URL.revokeObjectURL(url), 0);
}
