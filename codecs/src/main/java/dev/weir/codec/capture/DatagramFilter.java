package dev.weir.codec.capture;

import java.net.InetAddress;

/**
 * Which datagrams to keep: any, or those to one destination port, one destination address, or both. Immutable
 * and thread-safe; {@link #accepts} allocates nothing.
 */
public final class DatagramFilter {
    private static final DatagramFilter ANY = new DatagramFilter(-1, null);

    private final int destinationPort;
    private final byte[] destinationAddress;

    private DatagramFilter(final int destinationPort, final byte[] destinationAddress) {
        this.destinationPort = destinationPort;
        this.destinationAddress = destinationAddress;
    }

    /** @return the filter that keeps every datagram */
    public static DatagramFilter any() {
        return ANY;
    }

    /**
     * @param port the destination port to keep, 0..65535
     * @return this filter, keeping only datagrams to that port as well
     */
    public DatagramFilter destinationPort(final int port) {
        if (port < 0 || port > 65_535) {
            throw new IllegalArgumentException("destination port " + port + " is not within 0..65535");
        }
        return new DatagramFilter(port, destinationAddress);
    }

    /**
     * @param address the destination address to keep (IPv4 or IPv6; an IPv4 address never matches an IPv6 datagram)
     * @return this filter, keeping only datagrams to that address as well
     */
    public DatagramFilter destinationAddress(final InetAddress address) {
        return new DatagramFilter(destinationPort, address.getAddress());
    }

    /** @return true if this filter keeps every datagram: neither a port nor an address is chosen */
    public boolean keepsAll() {
        return destinationPort < 0 && destinationAddress == null;
    }

    /**
     * @param datagram a decoded datagram
     * @return whether it goes to the port and address this filter keeps
     */
    public boolean accepts(final Datagram datagram) {
        if (destinationPort >= 0 && datagram.destinationPort() != destinationPort) {
            return false;
        }
        if (destinationAddress == null) {
            return true;
        }
        if (destinationAddress.length != datagram.addressLength()) {
            return false;
        }
        final int offset = datagram.destinationAddressOffset();
        for (int i = 0; i < destinationAddress.length; i++) {
            if (datagram.buffer().getByte(offset + i) != destinationAddress[i]) {
                return false;
            }
        }
        return true;
    }
}
