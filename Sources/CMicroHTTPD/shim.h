#ifndef GALLEY_CMICROHTTPD_SHIM_H
#define GALLEY_CMICROHTTPD_SHIM_H
// libmicrohttpd 0.9.75: the HTTP server under `galley serve` and `galley preview`. GalleyServe's
// MicroHTTPDaemon is the only user. MHD_start_daemon takes its options as varargs, which Swift cannot
// call, so this one function fixes the options Galley uses.
#include <stdint.h>
#include <sys/socket.h>
#include <netinet/in.h>
#include <arpa/inet.h>
#include <microhttpd.h>

/// Starts a daemon listening on `address` (IPv4, port included) with a thread per connection (polled with
/// poll()), an inter-thread channel so it can be quiesced, at most `connection_limit` connections, idle
/// connections closed after `timeout_seconds`, `stack_size` bytes of stack per connection thread.
static inline struct MHD_Daemon *galley_mhd_start(
    const struct sockaddr_in *address, MHD_AccessHandlerCallback handler, void *handler_context,
    MHD_RequestCompletedCallback completed, void *completed_context, unsigned int connection_limit,
    unsigned int timeout_seconds, size_t stack_size) {
    unsigned int flags = MHD_USE_THREAD_PER_CONNECTION | MHD_USE_POLL_INTERNAL_THREAD | MHD_USE_ITC
        | MHD_USE_ERROR_LOG;
    return MHD_start_daemon(
        flags, ntohs(address->sin_port), NULL, NULL, handler, handler_context,
        MHD_OPTION_SOCK_ADDR, (const struct sockaddr *)address,
        MHD_OPTION_NOTIFY_COMPLETED, completed, completed_context,
        MHD_OPTION_CONNECTION_LIMIT, connection_limit,
        MHD_OPTION_CONNECTION_TIMEOUT, timeout_seconds,
        MHD_OPTION_THREAD_STACK_SIZE, stack_size,
        MHD_OPTION_LISTENING_ADDRESS_REUSE, (unsigned int)1,
        MHD_OPTION_END);
}

/// The port the daemon listens on (the kernel's choice when it was started with port 0).
static inline uint16_t galley_mhd_port(struct MHD_Daemon *daemon) {
    const union MHD_DaemonInfo *info = MHD_get_daemon_info(daemon, MHD_DAEMON_INFO_BIND_PORT);
    return info ? info->port : 0;
}

/// The client's IPv4 or IPv6 address as text into `buffer` (empty when unknown).
static inline void galley_mhd_client_address(struct MHD_Connection *connection, char *buffer, socklen_t size) {
    buffer[0] = 0;
    const union MHD_ConnectionInfo *info = MHD_get_connection_info(connection, MHD_CONNECTION_INFO_CLIENT_ADDRESS);
    if (!info || !info->client_addr) return;
    const struct sockaddr *address = info->client_addr;
    if (address->sa_family == AF_INET) {
        inet_ntop(AF_INET, &((const struct sockaddr_in *)address)->sin_addr, buffer, size);
    } else if (address->sa_family == AF_INET6) {
        inet_ntop(AF_INET6, &((const struct sockaddr_in6 *)address)->sin6_addr, buffer, size);
    }
}
#endif
