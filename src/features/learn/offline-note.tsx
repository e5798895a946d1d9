// The plain line a community screen shows when it is reading the copy kept on this device.
export function OfflineNote() {
  return (
    <p className="learn-offline" role="status">
      Offline · showing what this device saved
    </p>
  );
}
