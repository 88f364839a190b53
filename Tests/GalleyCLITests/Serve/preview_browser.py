"""Drives `galley preview` in headless Chromium (Debian's chromium + chromium-driver, selenium).

usage: preview_browser.py PORT TEMPLATE_FILE GOOD_TEMPLATE_TEXT_2 BROKEN_TEMPLATE_TEXT
Prints one JSON object with what the page showed; the Swift test asserts on it.
"""
import base64, hashlib, json, os, sys, time
from selenium import webdriver
from selenium.webdriver.chrome.service import Service
from selenium.webdriver.common.action_chains import ActionChains
from selenium.webdriver.common.by import By

port, template, second, broken = sys.argv[1], sys.argv[2], sys.argv[3], sys.argv[4]
options = webdriver.ChromeOptions()
for argument in ["--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage", "--window-size=800,600"]:
    options.add_argument(argument)
options.binary_location = "/usr/bin/chromium"
driver = webdriver.Chrome(service=Service("/usr/bin/chromedriver"), options=options)
result = {}


def wait(condition, seconds=15.0):
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        value = driver.execute_script(condition)
        if value:
            return value
        time.sleep(0.01)
    return None


def page_image():
    """The first page's image as the browser decoded it (a canvas copy), hashed."""
    data = driver.execute_script(
        "const i = document.getElementById('page-1'); if (!i || !i.complete || !i.naturalWidth) return null;"
        "const c = document.createElement('canvas'); c.width = i.naturalWidth; c.height = i.naturalHeight;"
        "c.getContext('2d').drawImage(i, 0, 0); return c.toDataURL('image/png');")
    return hashlib.sha256(base64.b64decode(data.split(",")[1])).hexdigest() if data else None


def write(text):
    with open(template + ".tmp", "w") as handle:
        handle.write(text)
    os.replace(template + ".tmp", template)  # an editor's save: write, then rename


try:
    driver.get("http://127.0.0.1:%s/" % port)
    result["firstVersion"] = wait("const i = document.getElementById('page-1');"
                                  "return i && i.complete && i.naturalWidth > 0 && i.dataset.version")
    first = page_image()
    result["firstShown"] = first is not None
    result["naturalWidth"] = driver.execute_script("return document.getElementById('page-1').naturalWidth")

    # Save a changed template: the page must show a different image within 1 s.
    start = time.monotonic()
    write(second)
    changed = None
    while time.monotonic() - start < 5:
        current = page_image()
        if current and current != first:
            changed = time.monotonic() - start
            break
        time.sleep(0.01)
    result["changedAfter"] = changed

    # Save a broken template: its location shows in place of the pages.
    write(broken)
    result["errorPlace"] = wait("const e = document.getElementById('error-place');"
                                "return e && e.offsetParent !== null && e.textContent")
    result["errorMessage"] = driver.execute_script(
        "const e = document.getElementById('error-message'); return e && e.textContent")

    # Fix it again, then point at a node: its frame is outlined with its id.
    write(second)
    wait("const i = document.getElementById('page-1'); return i && i.offsetParent !== null && i.complete"
         " && i.naturalWidth > 0 && document.getElementById('error').style.display === 'none'")
    layout = json.loads(driver.execute_async_script(
        "const done = arguments[0]; fetch('/preview/layout.json').then(r => r.text()).then(done)"))
    node = next(n for n in layout["pages"][0]["nodes"] if n.get("id") == "left")
    wait("return document.getElementById('page-1').clientWidth > 0")
    image = driver.find_element(By.ID, "page-1")
    ratio = image.size["width"] / layout["pages"][0]["size"][0]
    x, y, w, h = node["frame"]
    # Selenium offsets are from the element's centre.
    ActionChains(driver).move_to_element_with_offset(
        image, int((x + w / 2) * ratio - image.size["width"] / 2), int((y + h / 2) * ratio - image.size["height"] / 2)
    ).perform()
    frame = driver.find_element(By.CSS_SELECTOR, ".page .frame")
    wait("return document.querySelector('.page .frame').style.display === 'block'", 5)
    result["hover"] = {
        "displayed": frame.is_displayed(), "id": frame.get_attribute("data-id"),
        "label": frame.text, "rect": [frame.location["x"] - image.location["x"], frame.location["y"] - image.location["y"],
                                      frame.size["width"], frame.size["height"]],
        "expected": [x * ratio, y * ratio, w * ratio, h * ratio],
    }
    driver.save_screenshot(sys.argv[5] if len(sys.argv) > 5 else "/dev/null")
finally:
    driver.quit()
print(json.dumps(result))
