package dev.weir.perf.harness;

import java.io.IOException;
import java.nio.file.Path;
import org.knowm.xchart.BitmapEncoder;
import org.knowm.xchart.VectorGraphicsEncoder;
import org.knowm.xchart.internal.chartpart.Chart;

/** Saves a chart as PNG and SVG side by side. Stateless. */
final class Charts {
    private Charts() {
    }

    /**
     * @param chart the chart
     * @param file the path without extension; {@code .png} and {@code .svg} are added
     * @throws IOException if a file cannot be written
     */
    static void save(final Chart<?, ?> chart, final Path file) throws IOException {
        BitmapEncoder.saveBitmap(chart, file.toString(), BitmapEncoder.BitmapFormat.PNG);
        VectorGraphicsEncoder.saveVectorGraphic(chart, file.toString(), VectorGraphicsEncoder.VectorGraphicsFormat.SVG);
    }
}
