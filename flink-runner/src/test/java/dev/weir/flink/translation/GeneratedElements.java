package dev.weir.flink.translation;

import static dev.weir.flink.PipelineFunctions.EVEN_VALUE;
import static dev.weir.flink.PipelineFunctions.MARKER;
import static dev.weir.flink.PipelineFunctions.NOT_MARKER;
import static dev.weir.flink.PipelineFunctions.TIMESTAMP;
import static dev.weir.flink.PipelineFunctions.UPPER_KEY;

import dev.weir.api.DataStream;
import dev.weir.api.StreamPipeline;
import dev.weir.flink.PipelineFunctions;
import dev.weir.source.CollectionSource;
import dev.weir.time.WatermarkStrategy;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;

/**
 * The inputs of the differential tests: records {@code k,ts,v} drifting forward from -3000 ms
 * out of order, with markers {@code #,wm,0} between them that carry punctuated watermarks. A
 * marker's watermark may be below an earlier one: both engines keep only rising watermarks.
 * And the generated pipelines' first steps, which read them.
 */
final class GeneratedElements {
    private GeneratedElements() {
    }

    /**
     * @param random the case's generator
     * @param description where the keys, the disorder and the number of records behind the watermark are told
     * @return the elements, in input order
     */
    static List<String> of(final Random random, final StringBuilder description) {
        final int keys = 1 + random.nextInt(4);
        final int count = 5 + random.nextInt(36);
        final int disorder = random.nextInt(801);
        final int markerPercent = 10 + random.nextInt(41);
        description.append("keys=").append(keys).append(" disorder=").append(disorder);
        final List<String> elements = new ArrayList<>();
        long front = -3000;
        long watermark = Long.MIN_VALUE;
        int behind = 0;
        for (int i = 0; i < count; i++) {
            front += random.nextInt(201);
            final long timestamp = front - random.nextInt(disorder + 1);
            if (timestamp <= watermark) {
                behind++;
            }
            elements.add("k" + random.nextInt(keys) + "," + timestamp + "," + (1 + random.nextInt(9)));
            if (random.nextInt(100) < markerPercent) {
                final long marked = front - random.nextInt(disorder / 2 + 1);
                watermark = Math.max(watermark, marked);
                elements.add("#," + marked + ",0");
            }
        }
        description.append(" behindWatermark=").append(behind);
        return elements;
    }

    /**
     * @param elements the input
     * @param filter whether only even values go on
     * @param map whether the keys go on in upper case
     * @return a new pipeline's records from the input, stamped by their field 1 and watermarked by the markers,
     *     which are then dropped; filtered and mapped as told
     */
    static DataStream<String> records(final List<String> elements, final boolean filter, final boolean map) {
        DataStream<String> records = StreamPipeline.named("generated")
                .from("records", CollectionSource.of(elements), WatermarkStrategy.<String>forPunctuation(MARKER).withTimestampAssigner(TIMESTAMP), 1)
                .filter(NOT_MARKER);
        if (filter) {
            records = records.filter(EVEN_VALUE);
        }
        if (map) {
            records = records.map(UPPER_KEY);
        }
        return records;
    }
}
