package dev.weir.jobs.file;

import dev.weir.time.WatermarkKind;

/**
 * The names a job file gives the engine's watermark strategies ({@link WatermarkKind}): the four a job file can
 * choose, {@code bounded-out-of-orderness}, {@code monotonous}, {@code explicit} and {@code none}. Punctuated and
 * custom generators are code, not configuration, and have no name here.
 */
public final class WatermarkStrategyNames {
    private WatermarkStrategyNames() {
    }

    /**
     * @param name a {@code strategy} value of a job file
     * @return its kind, or null if a job file has no strategy of that name
     */
    public static WatermarkKind kindOf(final String name) {
        switch (name) {
            case "bounded-out-of-orderness":
                return WatermarkKind.BOUNDED_OUT_OF_ORDERNESS;
            case "monotonous":
                return WatermarkKind.MONOTONOUS;
            case "explicit":
                return WatermarkKind.EXPLICIT;
            case "none":
                return WatermarkKind.NONE;
            default:
                return null;
        }
    }
}
