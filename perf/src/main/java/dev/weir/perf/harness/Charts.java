package dev.weir.perf.harness;

import dev.weir.files.FileReplacement;
import java.io.IOException;
import java.nio.file.Path;
import org.knowm.xchart.BitmapEncoder;
import org.knowm.xchart.VectorGraphicsEncoder;
import org.knowm.xchart.internal.chartpart.Chart;

/** Saves a chart as PNG and SVG side by side, each file whole or not at all ({@link FileReplacement}). Stateless. */
final class Charts {
    private Charts() {
    }

    /**
     * @param chart the chart
     * @param file the path without extension; {@code .png} and {@code .svg} are added
     * @throws IOException if a file cannot be written
     */
    static void save(final Chart<?, ?> chart, final Path file) throws IOException {
        FileReplacement.write(file.resolveSibling(file.getFileName() + ".png"),
                out -> BitmapEncoder.saveBitmap(chart, out, BitmapEncoder.BitmapFormat.PNG));
        FileReplacement.write(file.resolveSibling(file.getFileName() + ".svg"),
                out -> VectorGraphicsEncoder.saveVectorGraphic(chart, out, VectorGraphicsEncoder.VectorGraphicsFormat.SVG));
    }
}
